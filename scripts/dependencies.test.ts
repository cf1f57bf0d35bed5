import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Source files the running product is built from: the app and `npm start`, not tests, test helpers or bench/. */
function productFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['test', 'hardening'].includes(entry.name) && dir.endsWith('server')
        ? []
        : productFiles(file);
    }
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Test files and test helpers: what only `npm test` loads. */
function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    const helper = /[/\\]server[/\\](test|hardening)[/\\]/.test(file);
    return entry.isFile() && (/\.test\.tsx?$/.test(entry.name) || helper) ? [file] : [];
  });
}

/** Packages a file loads at run time (type-only imports load nothing). */
function packagesOf(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const specifiers = [
    ...source.matchAll(/^\s*import\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^\s*export\s+(?!type\b)[^'"]*?\sfrom\s+['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] ?? '');
  return specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] ?? s)));
}

// Issue 13, item 16: a production install carries what the server runs, nothing the benchmarks need.
describe('production dependencies', () => {
  const packagesIn = (files: string[]) => new Set(files.flatMap(packagesOf));
  /** What the running server loads: it must come with `npm ci --omit=dev`. */
  const runtime = packagesIn([
    ...productFiles(path.join(root, 'src/server')),
    ...productFiles(path.join(root, 'src/shared')),
    path.join(root, 'scripts/start.mjs'),
  ]);
  /** Everything shipped: the server's packages and those the client bundle is built from. */
  const shipped = new Set([...runtime, ...packagesIn(productFiles(path.join(root, 'src/client')))]);

  it('include every package the server loads', () => {
    expect([...runtime].filter((name) => !(name in pkg.dependencies))).toEqual([]);
  });

  it('exclude what only the benchmarks and tests load', () => {
    const devOnly = [
      ...packagesIn([
        ...productFiles(path.join(root, 'bench')),
        ...testFiles(path.join(root, 'src')),
      ]),
    ].filter((name) => !shipped.has(name));
    expect(devOnly.length).toBeGreaterThan(0);
    expect(devOnly.filter((name) => name in pkg.dependencies)).toEqual([]);
  });

  it('leave the benchmark tools (lighthouse, puppeteer-core, autocannon) to development', () => {
    for (const tool of ['lighthouse', 'puppeteer-core', 'autocannon']) {
      expect(pkg.dependencies[tool], tool).toBeUndefined();
    }
    expect(pkg.devDependencies.lighthouse).toBeDefined();
  });
});
