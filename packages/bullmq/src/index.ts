// @toolcraft/bullmq: public entry point (filled in by the issue that adds the package).
export {};
