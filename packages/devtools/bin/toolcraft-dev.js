#!/usr/bin/env node
'use strict';
// The `toolcraft-dev` command: a thin launcher for the compiled CLI.
require('../dist/cjs/cli/cli.js');
