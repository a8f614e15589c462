import type { ActionResult, BrowserAction, PageChange } from '../../../../src/shared/action';
import type { ElementInfo, FindQuery, FoundElement, PageSnapshot, SnapshotOptions } from '../../../../src/shared/page';
import type { BrowserPort, DecideRequest, TabsPort } from '../../../../src/agent/ports';
import type { SentRequest } from '../../../../src/shared/effect';
import { tokensOf } from '../../../../src/core/tokens';

/** An element of a fake page. Handlers get the browser so they can change state or navigate. */
export interface FakeEl {
  id: number;
  tag: 'input' | 'button' | 'a' | 'select' | 'checkbox' | 'li' | 'text';
  name: string;
  inputType?: string;
  options?: string[];
  href?: string;
  secret?: boolean;
  autocomplete?: string;
  formAction?: string;
  disabled?: boolean;
  /** a click that navigates returns the new URL */
  onClick?: (b: FakeBrowser) => string | void;
  onType?: (b: FakeBrowser, text: string) => void;
  onEnter?: (b: FakeBrowser) => string | void;
  /** requests a click sends; with the browser's requests held each is decided before the click's effect happens */
  sends?: SentRequest[];
  /** the page's words around the control, as describe reads them */
  context?: string;
}

export interface FakePage {
  title: string;
  elements: (b: FakeBrowser) => FakeEl[];
}

/**
 * A small in-memory multi-page site behind the BrowserPort interface. Its state is plain data that
 * tests assert on: field values, the URL, every action that reached it.
 */
export class FakeBrowser implements BrowserPort {
  currentUrl: string;
  values = new Map<string, string>();
  checked = new Map<string, boolean>();
  flags = new Set<string>();
  acted: BrowserAction[] = [];
  snapshots: SnapshotOptions[] = [];
  history: string[] = [];
  private loads = 0;
  /** the page load whose elements have ids: as in the real page model, a snapshot (or find) assigns them */
  private idsForLoad = -1;
  /** As in the real page model, ids exist only once a snapshot of this page load has assigned them. */
  private idsAssigned = false;

  constructor(
    readonly pages: Record<string, FakePage>,
    startUrl: string,
  ) {
    this.currentUrl = startUrl;
  }

  key(id: number, url = this.currentUrl): string {
    return `${url}#${id}`;
  }
  value(id: number, url = this.currentUrl): string {
    return this.values.get(this.key(id, url)) ?? '';
  }
  isChecked(id: number, url = this.currentUrl): boolean {
    return this.checked.get(this.key(id, url)) ?? false;
  }

  private page(): FakePage {
    return this.pages[this.currentUrl] ?? { title: 'Not found', elements: () => [{ id: 0, tag: 'text', name: 'Page not found' }] };
  }
  elements(): FakeEl[] {
    return this.page().elements(this);
  }
  private el(id: number): FakeEl | undefined {
    if (!this.idsAssigned) return undefined;
    return this.elements().find((e) => e.id === id && e.tag !== 'text');
  }

  /** The element's line in the page model's format (docs/page-model.md); text blocks are plain lines. */
  line(e: FakeEl): string {
    const q = (s: string) => JSON.stringify(s);
    const value = this.value(e.id);
    switch (e.tag) {
      case 'input': {
        const shown = e.secret ? ` value=${value ? '(filled)' : '(empty)'}` : value ? ` value=${q(value)}` : '';
        return `<input id=${e.id}${e.inputType && e.inputType !== 'text' ? ` type=${e.inputType}` : ''} label=${q(e.name)}${shown}${e.disabled ? ' disabled' : ''}>`;
      }
      case 'select':
        return `<select id=${e.id} label=${q(e.name)}${value ? ` value=${q(value)}` : ''} options=${q((e.options ?? []).join('|'))}>`;
      case 'checkbox':
        return `<input id=${e.id} type=checkbox label=${q(e.name)}${this.isChecked(e.id) ? ' checked' : ''}>`;
      case 'li':
        return `<option id=${e.id}>${e.name}</option>`;
      case 'text':
        return e.name;
      default:
        return `<${e.tag} id=${e.id}${e.disabled ? ' disabled' : ''}>${e.name}</${e.tag}>`;
    }
  }

  async snapshot(opts: SnapshotOptions): Promise<PageSnapshot> {
    this.snapshots.push(opts);
    this.idsForLoad = this.loads;
    this.idsAssigned = true;
    const hide = new Set(opts.hideIds ?? []);
    const lines = this.elements()
      .filter((e) => e.tag === 'text' || !hide.has(e.id))
      .map((e) => this.line(e));
    let text = lines.join('\n');
    let truncated = false;
    const budget = opts.budget ?? 4000;
    if (budget > 0) {
      while (tokensOf(text) > budget && lines.length > 1) {
        lines.pop();
        text = lines.join('\n');
        truncated = true;
      }
    }
    return {
      url: this.currentUrl,
      title: this.page().title,
      text,
      tokens: tokensOf(text),
      elementCount: lines.filter((l) => / id=\d+/.test(l)).length,
      truncated,
      seq: this.loads,
      takenAt: 0,
    };
  }

  /** A page load: the destination's form starts empty, as after a real reload. */
  go(url: string): void {
    this.history.push(this.currentUrl);
    this.currentUrl = url;
    for (const key of [...this.values.keys()]) if (key.startsWith(`${url}#`)) this.values.delete(key);
    for (const key of [...this.checked.keys()]) if (key.startsWith(`${url}#`)) this.checked.delete(key);
    this.loads += 1;
    this.idsAssigned = false;
  }

  private changed(kind: PageChange['kind'], summary: string): ActionResult {
    return { ok: true, change: { kind, url: this.currentUrl, added: 0, removed: 0, summary }, elapsedMs: 0 };
  }
  private navigateTo(url: string | void, fallback: string): ActionResult {
    if (!url) return this.changed('dom', fallback);
    this.go(url);
    return this.changed('navigation', `went to ${url}`);
  }
  private reject(code: 'unknown_id' | 'disabled' | 'not_editable' | 'option_not_found', message: string): ActionResult {
    return { ok: false, code, message };
  }

  /** set: the tab's requests are held while an action runs, as the extension's executor does in Chrome */
  holds = false;
  /** requests that went out (with the hold, only those allowed) */
  sent: SentRequest[] = [];
  async holdsRequests(): Promise<boolean> {
    return this.holds;
  }

  async act(action: BrowserAction, _guard?: string, _aimed?: unknown, decide?: DecideRequest): Promise<ActionResult> {
    const el = 'id' in action && action.id !== undefined && (action.kind === 'click' || action.kind === 'double_click') ? this.el(action.id) : undefined;
    if (el?.sends?.length) {
      this.acted.push(action);
      for (const r of el.sends) {
        if (this.holds && decide && !(await decide(r))) return { ok: false, code: 'blocked', message: `the request it sent (${r.method} ${r.url}) was not allowed, so nothing was sent` };
        this.sent.push(r);
      }
      this.acted.pop();
    }
    return this.actNow(action);
  }

  private async actNow(action: BrowserAction): Promise<ActionResult> {
    this.acted.push(action);
    switch (action.kind) {
      case 'navigate':
        this.go(action.url);
        return this.changed('navigation', `went to ${action.url}`);
      case 'back': {
        const prev = this.history.pop();
        if (prev) this.currentUrl = prev;
        this.idsAssigned = false;
        return this.changed('navigation', 'went back');
      }
      case 'scroll':
      case 'wait':
      case 'click_at':
        return this.changed('none', 'nothing changed');
      case 'press': {
        const target = action.id === undefined ? undefined : this.el(action.id);
        if (action.keys === 'Enter' && target?.onEnter) return this.navigateTo(target.onEnter(this), 'pressed Enter');
        return this.changed('none', `pressed ${action.keys}`);
      }
      default:
        break;
    }
    const el = this.el(action.id);
    if (!el) return this.reject('unknown_id', `no element ${action.id}`);
    if (el.disabled) return this.reject('disabled', `${el.name} is disabled`);
    switch (action.kind) {
      case 'type':
        if (el.tag !== 'input') return this.reject('not_editable', `${el.name} is not a text field`);
        this.values.set(this.key(el.id), action.mode === 'append' ? this.value(el.id) + action.text : action.text);
        el.onType?.(this, action.text);
        return this.changed('dom', `typed into ${el.name}`);
      case 'clear':
        this.values.set(this.key(el.id), '');
        return this.changed('dom', `cleared ${el.name}`);
      case 'select': {
        const option = el.options?.find((o) => o.toLowerCase() === (action.values[0] ?? '').toLowerCase());
        if (el.tag !== 'select' || !option) return this.reject('option_not_found', `no option ${action.values[0]}`);
        this.values.set(this.key(el.id), option);
        return this.changed('dom', `${el.name} set to ${option}`);
      }
      case 'check':
        if (el.tag !== 'checkbox') return this.reject('not_editable', `${el.name} is not a check box`);
        if (this.isChecked(el.id) === action.checked) return this.changed('none', 'already so');
        this.checked.set(this.key(el.id), action.checked);
        return this.changed('dom', `${el.name} ${action.checked ? 'checked' : 'unchecked'}`);
      case 'click':
      case 'double_click':
        if (el.tag === 'checkbox') {
          this.checked.set(this.key(el.id), !this.isChecked(el.id));
          return this.changed('dom', `toggled ${el.name}`);
        }
        if (!el.onClick) return this.changed('none', 'nothing happened');
        return this.navigateTo(el.onClick(this), `clicked ${el.name}`);
      case 'hover':
        return this.changed('none', 'nothing changed');
      case 'upload':
        if (el.tag !== 'input' || el.inputType !== 'file') return this.reject('not_editable', `${el.name} is not a file field`);
        this.values.set(this.key(el.id), action.file);
        return this.changed('dom', `${el.name} holds ${action.file}`);
    }
  }

  async find(q: FindQuery): Promise<FoundElement[]> {
    this.idsForLoad = this.loads;
    const text = (q.text ?? '').toLowerCase();
    return this.elements()
      .filter((e) => e.tag !== 'text' && e.name.toLowerCase().includes(text))
      .slice(0, q.limit ?? 20)
      .map((e) => ({ id: e.id, line: this.line(e), inViewport: true }));
  }

  async describe(id: number): Promise<ElementInfo | null> {
    // A new document has issued no ids yet: describe knows only ids a snapshot handed out.
    if (this.idsForLoad !== this.loads) return null;
    const e = this.el(id);
    if (!e) return null;
    const role = { input: 'textbox', button: 'button', a: 'link', select: 'combobox', checkbox: 'checkbox', li: 'option', text: 'text' }[e.tag];
    return {
      id,
      tag: e.tag === 'checkbox' ? 'input' : e.tag,
      role,
      name: e.name,
      ...(e.inputType ? { inputType: e.inputType } : {}),
      ...(e.href ? { href: e.href } : {}),
      ...(e.formAction ? { formAction: e.formAction } : {}),
      ...(e.autocomplete ? { autocomplete: e.autocomplete } : {}),
      ...(e.context ? { context: e.context } : {}),
      secret: !!e.secret,
      line: this.line(e),
    };
  }

  async url(): Promise<string> {
    return this.currentUrl;
  }
}

/** Tabs as a browser would give them: each its own page, ids the port hands out from `firstId`, a log of what was opened and closed. */
export class FakeTabs implements TabsPort {
  tabs = new Map<number, FakeBrowser>();
  opened: string[] = [];
  closed: number[] = [];
  private nextId: number;
  constructor(
    private readonly pages: Record<string, FakePage>,
    firstId = 100,
  ) {
    this.nextId = firstId;
  }
  async open(url: string) {
    const tabId = this.nextId++;
    this.tabs.set(tabId, new FakeBrowser(this.pages, url));
    this.opened.push(url);
    return { tabId, url };
  }
  async close(tabId: number) {
    if (!this.tabs.delete(tabId)) throw new Error(`tab ${tabId} is not open`);
    this.closed.push(tabId);
  }
  browser(tabId: number) {
    const b = this.tabs.get(tabId);
    if (!b) throw new Error(`tab ${tabId} is not open`);
    return b;
  }
}
