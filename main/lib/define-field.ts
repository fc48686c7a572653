/**
 * Sets a plain field on a copy being built from outside data. Defined, not
 * assigned: a "__proto__" key (JSON.parse makes it an ordinary own key)
 * stays a field of the copy, and does not become the copy's prototype.
 */
export const defineField = (o: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
};
