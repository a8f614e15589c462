import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazy } from '../../../src/shared/lazy';
import { contentLookup } from '../../../src/shared/protocol-content';

describe('a lazy schema', () => {
  it('is built the first time it is read, once, and not before', () => {
    let built = 0;
    const Item = lazy(() => (built++, z.object({ id: z.number().int(), name: z.string() })));
    const List = lazy(() => z.array(Item));
    expect(built).toBe(0);
    expect(List.parse([{ id: 1, name: 'a' }])).toEqual([{ id: 1, name: 'a' }]);
    expect(Item.safeParse({ id: 'x' }).success).toBe(false);
    expect(built).toBe(1);
  });

  it('is the schema it builds to everywhere a schema goes: in objects, unions, instanceof, shape, options', () => {
    const Click = lazy(() => z.object({ kind: z.literal('click'), id: z.number() }));
    const Type = lazy(() => z.object({ kind: z.literal('type'), id: z.number(), text: z.string() }));
    const Action = lazy(() => z.discriminatedUnion('kind', [Click, Type]));
    const Wrapped = z.object({ action: Action, at: z.number().optional() });
    expect(Wrapped.parse({ action: { kind: 'type', id: 2, text: 'hi', extra: 1 } })).toEqual({ action: { kind: 'type', id: 2, text: 'hi' } });
    expect(Wrapped.safeParse({ action: { kind: 'type', id: 2 } }).success).toBe(false);
    expect(Click instanceof z.ZodObject).toBe(true);
    expect(Object.keys(Click.shape)).toEqual(['kind', 'id']);
    expect(Action.options).toHaveLength(2);
    expect(Click.extend({ n: z.number() }).parse({ kind: 'click', id: 1, n: 2 })).toEqual({ kind: 'click', id: 1, n: 2 });
  });

  it("checks a content script's messages through the lazy definitions as before", () => {
    const target = contentLookup('page.target')!;
    expect(target.direction).toBe('background->content');
    expect(target.params.safeParse({ id: 3, purpose: 'pointer' }).success).toBe(true);
    expect(target.params.safeParse({ id: 'x', purpose: 'nowhere' }).success).toBe(false);
  });
});
