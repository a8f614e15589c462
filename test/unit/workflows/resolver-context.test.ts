// The recorded context a candidate must not contradict (src/content/replay/contradicted.ts): a
// dialog's title, an amount or an opposite in the control's own name, the item named around it.
// A candidate whose context names another thing is refused, not weighed.
import { describe, expect, it } from 'vitest';
import { amountsOf, contradiction, namesAnother, otherAmount, otherIdentifier, otherItem, otherNumbers } from '../../../src/content/replay/contradicted';
import { decide } from '../../../src/content/replay/decide';
import { WEIGHTS, type Scored, type Scores } from '../../../src/content/replay/evidence';
import { barred, weigh } from '../../../src/content/replay/weigh';
import type { Fingerprint } from '../../../src/shared/fingerprint';
import type { Item } from '../../../src/content/page-model/walk';

function cand(label: string, scores: Scores, against?: string): Scored {
  let total = 0;
  for (const [k, w] of Object.entries(WEIGHTS)) total += w * (scores[k as keyof Scores] ?? 0);
  return { item: { name: label, role: 'button' } as Item, scores, total, strategy: 'position', ...(against ? { against } : {}) };
}
const line = (s: Scored) => s.item.name;
const fp = (name: string, extra: Partial<Fingerprint> = {}) => ({ tag: 'button', role: 'button', name, css: 'button', xpath: '', frames: [], shadow: [], ...extra }) as Fingerprint;
const noDialog = {} as Element;
const noRow = () => '';

describe('an amount in the control\'s name', () => {
  it('reads sums and shares as values, so a reformatted amount is the same one', () => {
    expect(amountsOf('Pay $10')).toEqual(['$10']);
    expect(amountsOf('Pay $10.00')).toEqual(['$10']);
    expect(amountsOf('Transfer $1,200')).toEqual(['$1200']);
    expect(amountsOf('Add 10% tip')).toEqual(['%10']);
    expect(amountsOf('Inbox 3')).toEqual([]);
  });

  it('takes another amount for another effect', () => {
    expect(otherAmount('Pay $10', 'Pay $100')).toBe(true);
    expect(otherAmount('Donate €5', 'Donate €50')).toBe(true);
    expect(contradiction(fp('Pay $10'), noDialog, 'Pay $100', noRow)).toMatch(/amount/);
  });

  it('keeps the same amount, and a name that lost or never had one', () => {
    expect(otherAmount('Pay $10', 'Pay $10.00')).toBe(false);
    expect(otherAmount('Pay $10', 'Pay now')).toBe(false);
    expect(contradiction(fp('Pay $25'), noDialog, 'Pay $25', noRow)).toBeUndefined();
  });
});

describe('an opposite in the control\'s name', () => {
  it('takes "Disable two-factor" for another control than "Enable two-factor", though most words agree', () => {
    expect(contradiction(fp('Enable two-factor'), noDialog, 'Disable two-factor', noRow)).toMatch(/opposite/);
    expect(contradiction(fp('Enable two-factor'), noDialog, 'Turn on two-factor', noRow)).toBeUndefined();
  });
});

describe('the dialog\'s title', () => {
  it('takes a title about another thing for another dialog, whatever its buttons', () => {
    expect(namesAnother('Delete project Apollo?', 'Delete invoice #2041?')).toBe(true);
    expect(namesAnother('Remove Ann Lee from the team?', 'Remove Bob Stone from the team?')).toBe(true);
    expect(namesAnother('Delete 3 items?', 'Delete 30 items?')).toBe(true);
  });

  it('keeps a title that was only reworded by dropping or adding words', () => {
    expect(namesAnother('Delete project Apollo?', 'Delete the project Apollo')).toBe(false);
    expect(namesAnother('Delete project Apollo?', 'Are you sure you want to delete project Apollo?')).toBe(false);
    expect(namesAnother('Delete project Apollo?', 'Delete project Apollo?')).toBe(false);
  });
});

describe('the item named around the control', () => {
  it('takes a block whose name words were replaced by others for another item', () => {
    expect(otherItem('Everyday Checking •••• 1234 $5,210.00', 'Holiday Savings •••• 5678 $820.00')).toBe(true);
    expect(otherItem('Alice Martin FR76 3000 1234', 'Dmitri Volkov DE89 3704 0044')).toBe(true);
  });

  it('keeps a block where only numbers changed (a balance, a price)', () => {
    expect(otherItem('Everyday Checking •••• 1234 $5,210.00', 'Everyday Checking •••• 1234 $4,980.15')).toBe(false);
    expect(otherItem('Everyday Checking', undefined)).toBe(false);
  });
});

describe('an identifier in the row', () => {
  it('takes a row whose "web-1" became "web-10" for another item', () => {
    expect(otherIdentifier('web-1 running', 'web-10 running')).toBe(true);
    expect(contradiction(fp('Remove', { row: 'web-1 running' }), noDialog, 'Remove', () => 'web-10 running')).toMatch(/row names another item/);
  });

  it('keeps a row whose identifier stayed, whatever its other numbers', () => {
    expect(otherIdentifier('web-1 running 3 days', 'web-1 stopped 4 days')).toBe(false);
    expect(otherIdentifier('Alice 3 days ago', 'Alice 4 days ago')).toBe(false);
    expect(otherIdentifier('web-1 running', 'db-2 running')).toBe(false);
  });
});

describe('a candidate whose context names another thing', () => {
  it('is refused by the rules though it carries the recorded name at the recorded place', () => {
    const other = cand('Delete', { name: 1, structure: 1, position: 1, landmark: 1 }, 'it is in a dialog about something else');
    const d = decide([other], line);
    expect(d.ok).toBe(false);
    expect(d.ok ? '' : d.message).toMatch(/dialog about something else/);
  });

  it('is never acted on by weighing', () => {
    const other = cand('Transfer', { name: 1, structure: 1, position: 1, near: 0 }, 'the text around it names another item');
    expect(barred(other)).toBe(true);
    expect(weigh([other], decide([other], line), line).ok).toBe(false);
  });

  it('is not left for the one behind it: another card\'s button does not inherit the recorded slot', () => {
    const slot = cand('Add to cart', { name: 1, structure: 1, position: 1, heading: 0.5, near: 0.44 }, 'the text around it names another item');
    const next = cand('Add to cart', { name: 1, structure: 0.6, position: 0.7, heading: 0, near: 0.27 });
    const d = decide([slot, next], line);
    expect(d.ok).toBe(false);
    expect(weigh([slot, next], d, line).ok).toBe(false);
  });

  it('leaves the element itself to be found beside it when it fits the recording better', () => {
    const other = cand('Delete', { name: 1, position: 0.5 }, 'it is in a dialog about something else');
    const mine = cand('Delete', { name: 1, structure: 1, position: 1, heading: 1 });
    const d = decide([mine, other], line);
    expect(d.ok && d.pick).toBe(mine);
  });
});

describe("a row's date or number", () => {
  it('takes a row with another date or dose where the recorded one was for another item', () => {
    expect(otherNumbers('Dr. Anika Patel Fri Mar 14, 9:00 AM Reschedule', 'Dr. Anika Patel · Fri Mar 21, 9:00 AM Reschedule')).toBe(true);
    expect(otherNumbers('Mar 1–15, 2025', 'Apr 1–15, 2025')).toBe(true);
    expect(otherNumbers('Lisinopril 10 mg · 30 tablets', 'Lisinopril 20 mg · 30 tablets')).toBe(true);
    expect(contradiction(fp('Cancel', { row: 'Fri Mar 14, 9:00 AM' }), noDialog, 'Cancel', () => 'Fri Mar 21, 9:00 AM')).toMatch(/another date/);
  });

  it('keeps a row whose price changed, whose date lost its year, or that was written anew', () => {
    expect(otherNumbers('Holiday Savings $1,200.00', 'Holiday Savings $1,350.00')).toBe(false);
    expect(otherNumbers('Fri Mar 14, 2025, 9:00', 'Friday 14 March 09:00')).toBe(false);
    expect(otherNumbers('Invoice paid', 'Invoice 2041 paid')).toBe(false);
  });

  it('asks a block around a control about its numbers only when the recorded block is dated', () => {
    expect(otherNumbers('3 new members', '8 new members', true)).toBe(false);
    expect(otherNumbers('Thu 12 Jun, 15:00', 'Fri 13 Jun, 11:00', true)).toBe(true);
  });
});
