#!/usr/bin/env node
'use strict';
// The `toolcraft-schema` command: a thin launcher for the compiled CLI.
require('../dist/cjs/cli.js');
