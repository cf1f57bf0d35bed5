import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from './package-root.ts';

/** This app's package name and version, as package.json says. */
export function appIdentity(): { name: string; version: string } {
  const pkg = JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
}
