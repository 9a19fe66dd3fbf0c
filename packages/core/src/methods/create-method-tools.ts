import { InvalidToolDefinitionError } from '../errors/invalid-tool-definition-error.js';
import type { ToolSchemaManifest } from '../manifest/tool-schema-manifest.js';
import { ToolMetadataReader, type ToolMethodMetadata } from '../metadata/tool-metadata-reader.js';
import { assertToolName } from '../tools/tool-name.js';
import { MethodTool } from './method-tool.js';
import { planFromManifest } from './plan-from-manifest.js';
import { planFromReflection } from './plan-from-reflection.js';

/**
 * Builds one tool per `@Tool` method of an instance (or, given a constructor, of its static methods).
 * @param target - a service instance, or a class for its static methods
 * @param manifest - a build-time schema manifest to use instead of reflection, if any
 * @param only - restrict to this method name
 * @returns the tools, in declaration order
 * @throws InvalidToolDefinitionError for a method that cannot be described
 */
export function createMethodTools(target: object, manifest?: ToolSchemaManifest, only?: string): MethodTool[] {
  const className = typeof target === 'function' ? target.name : target.constructor.name;
  const methods = ToolMetadataReader.readToolMethods(target, className).filter(
    (method) => only === undefined || method.methodName === only,
  );
  if (only !== undefined && methods.length === 0) {
    throw new InvalidToolDefinitionError(
      `${className}.${only}`,
      `there is no ${typeof target === 'function' ? 'static ' : ''}method '${only}' marked @Tool().`,
    );
  }
  return methods.map((metadata) => createMethodTool(target, className, metadata, manifest));
}

function createMethodTool(target: object, className: string, metadata: ToolMethodMetadata, manifest?: ToolSchemaManifest): MethodTool {
  const { methodName, options, owner } = metadata;
  const source = `${className}.${methodName}`;
  const method = (owner as Record<string, unknown>)[methodName];
  if (typeof method !== 'function') throw new InvalidToolDefinitionError(source, '@Tool() marks something that is not a method.');
  const declaringClass = typeof owner === 'function' ? owner.name : owner.constructor.name;
  const entry = manifest?.tools[`${declaringClass}.${methodName}`] ?? manifest?.tools[source];
  const name = options.customName ?? entry?.name ?? methodName;
  assertToolName(name, source);
  const subject = `'${name}' (${source})`;
  const plan = entry
    ? planFromManifest(entry, owner, subject)
    : planFromReflection(owner, methodName, method as (...args: never[]) => unknown, subject);
  const description = ToolMetadataReader.readDescription(owner, methodName) ?? entry?.description ?? '';
  return new MethodTool({
    name,
    description,
    receiver: target,
    method: method as (...args: unknown[]) => unknown,
    plan,
    source,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
}
