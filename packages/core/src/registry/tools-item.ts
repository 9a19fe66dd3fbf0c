import type { AnyTool } from '../tools/abstract-tool.js';

/** What `.tools()` and `ToolRegistry.of()` take: a tool, a service instance, or an iterable of either. */
export type ToolsItem = AnyTool | object | Iterable<ToolsItem>;

/** Values that are never a tool or a service instance: primitives, functions and classes. */
type NotToolsItem =
  | string
  | number
  | boolean
  | bigint
  | symbol
  | null
  | undefined
  | ((...args: never[]) => unknown)
  | (abstract new (...args: never[]) => unknown);

/**
 * Checks one argument of `.tools()` at compile time: a tool or a service instance is kept, an
 * iterable is checked item by item, and a primitive, a function or a class (`MathService` instead
 * of `new MathService()`) becomes `never`, so passing it does not compile.
 */
export type CheckedToolsItem<TItem> = TItem extends NotToolsItem
  ? never
  : TItem extends Iterable<infer TInner>
    ? Iterable<CheckedToolsItem<TInner>>
    : TItem;

/** The checked argument list of `.tools(...items)` and `ToolRegistry.of(...items)`. */
export type CheckedToolsItems<TItems extends readonly unknown[]> = { [K in keyof TItems]: CheckedToolsItem<TItems[K]> };
