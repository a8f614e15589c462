/**
 * A value built the first time anything reads it. The contracts' zod schemas are wrapped in it
 * because the content script runs in every page a person opens, and building every schema it
 * could ever check cost each page load several milliseconds of the page's own main thread
 * (bench "Extension": script time per page load). A message's schemas are now built when a
 * message of that name first arrives, the shared ones with the first schema that uses them.
 *
 * The proxy forwards every operation to the built value, so a lazy schema composes, parses and
 * infers types as the schema itself does (the type is the built value's type).
 */
export function lazy<T extends object>(build: () => T): T {
  let built: T | undefined;
  const value = () => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => {
      const v = value();
      return Reflect.get(v, key, v);
    },
    set: (_, key, to) => Reflect.set(value(), key, to),
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    // reported configurable: the proxy's own (empty, extensible) target holds none of these
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(value(), key);
      return d && { ...d, configurable: true };
    },
    defineProperty: (_, key, d) => Reflect.defineProperty(value(), key, d),
    deleteProperty: (_, key) => Reflect.deleteProperty(value(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
  });
}
