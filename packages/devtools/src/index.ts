/**
 * @toolcraft/devtools: a local dev UI for toolcraft agents (`serveDevtools`, and the `toolcraft-dev` command).
 * @packageDocumentation
 */
export { defaultDevtoolsPort, serveDevtools } from './serve-devtools.js';
export type { DevtoolsOptions, DevtoolsServer, ProviderToolsConverter } from './devtools-options.js';
export { DevtoolsRequestError } from './errors/devtools-request-error.js';
export type { TimelineBar, TimelineBarKind, TimelineBarStatus } from './timeline/timeline-bar.js';
export { TimelineRecorder } from './timeline/timeline-recorder.js';
export { loadDevTarget } from './cli/load-dev-target.js';
export type { LoadedDevTarget } from './cli/load-dev-target.js';
