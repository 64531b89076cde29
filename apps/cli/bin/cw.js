#!/usr/bin/env node
// The `cw` bin: runs the compiled client from dist/ (`node tools/build/build.mjs` writes it).
require('../../../dist/apps/cli/src/main.js');
