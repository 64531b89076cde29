import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { moduleGraph } from './module-graph';

describe('moduleGraph', () => {
  let dir: string;
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const relativeFiles = (files: string[]): string[] =>
    files.map((file) => file.slice(dir.length + 1));

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'module-graph-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('follows relative requires as Node resolves them and names the packages reached', () => {
    write(
      'app/main.js',
      [
        'require("reflect-metadata");',
        'const lib = require("../lib");',
        "const fs = require('node:fs'), path = require('path');",
        'const sub = require("@scope/pkg/sub/path");',
        'const later = () => Promise.resolve().then(() => require("./lazy"));',
      ].join('\n'),
    );
    write('lib/index.js', 'require("./data.json"); require("ajv/dist/2020");');
    write('lib/data.json', '{}');
    write('app/lazy.js', 'const path = require.resolve("quickjs-emscripten");');
    write('app/main.spec.js', 'require("./main"); require("jest");');
    write('other/unused.js', 'require("left-out");');

    const graph = moduleGraph([join(dir, 'app/main.js')]);

    expect(relativeFiles(graph.files)).toEqual([
      'app/lazy.js',
      'app/main.js',
      'lib/data.json',
      'lib/index.js',
    ]);
    expect(graph.packages).toEqual(['@scope/pkg', 'ajv', 'quickjs-emscripten', 'reflect-metadata']);
  });

  it('joins the graphs of several entry points and visits a shared file once', () => {
    write('a.js', 'require("./shared");');
    write('b.js', 'require("./shared"); require("./a");');
    write('shared.js', 'require("./a");');

    const graph = moduleGraph([join(dir, 'a.js'), join(dir, 'b.js')]);

    expect(relativeFiles(graph.files)).toEqual(['a.js', 'b.js', 'shared.js']);
  });

  it('fails on a relative require that resolves to nothing, naming the requiring file', () => {
    write('main.js', 'require("./gone");');
    expect(() => moduleGraph([join(dir, 'main.js')])).toThrow(/main\.js requires "\.\/gone"/);
  });

  it('fails on a missing entry point', () => {
    expect(() => moduleGraph([join(dir, 'nothing.js')])).toThrow(/no entry point/);
  });
});
