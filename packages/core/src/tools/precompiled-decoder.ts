import type { ArgsDecoder } from '../decoding/args-decoder.js';

/** Decoders compiled elsewhere (annotated methods), keyed by the options object handed to the tool's constructor. */
const precompiled = new WeakMap<object, ArgsDecoder<unknown>>();

/**
 * Attaches an already compiled decoder to a tool's options, so the tool uses it instead of compiling
 * one from `argsType` (no constructor parameter for it on the public surface).
 * @param options - the options object the tool will be constructed with
 * @param decoder - the decoder
 * @returns the same options object
 */
export function withPrecompiledDecoder<TOptions extends object>(options: TOptions, decoder: ArgsDecoder<unknown>): TOptions {
  precompiled.set(options, decoder);
  return options;
}

/**
 * @param options - a tool's options
 * @returns the decoder attached with {@link withPrecompiledDecoder}, if any
 */
export function precompiledDecoder(options: object): ArgsDecoder<unknown> | undefined {
  return precompiled.get(options);
}
