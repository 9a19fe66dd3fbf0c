import type { LogLevel } from '@toolcraft/core';

/** MCP's log levels, lowest first. */
export const logLevels: readonly LogLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/**
 * @param level - a message's level
 * @param threshold - the lowest level the client asked for (`logging/setLevel`), if it asked
 * @returns whether a message of this level is sent
 */
export function isLogged(level: LogLevel, threshold: LogLevel | undefined): boolean {
  return threshold === undefined || logLevels.indexOf(level) >= logLevels.indexOf(threshold);
}

/**
 * @param value - any value
 * @returns whether it is one of MCP's log levels
 */
export function isLogLevel(value: unknown): value is LogLevel {
  return logLevels.includes(value as LogLevel);
}
