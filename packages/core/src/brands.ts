/**
 * Brands that recognise toolcraft's classes across two copies of the package (say its ESM and
 * CommonJS builds loaded side by side), where `instanceof` fails. Each is a `Symbol.for` key,
 * shared by every copy, set to true on the class's prototype.
 */
export const Brands = {
  tool: Symbol.for('toolcraft.Tool'),
  toolCallMetadata: Symbol.for('toolcraft.ToolCallMetadata'),
  agentContext: Symbol.for('toolcraft.AgentContext'),
} as const;

/**
 * Marks a class's prototype with a brand.
 * @param prototype - the class's prototype
 * @param brand - one of {@link Brands}
 */
export function setBrand(prototype: object, brand: symbol): void {
  Object.defineProperty(prototype, brand, { value: true });
}

/**
 * @param value - an instance, or a class (its prototype is checked)
 * @param brand - one of {@link Brands}
 * @returns whether the value (or the class's instances) carries the brand
 */
export function hasBrand(value: unknown, brand: symbol): boolean {
  if (typeof value === 'function') return hasBrand((value as { prototype?: unknown }).prototype, brand);
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}
