// Lets node run the server as tsc compiled it (apps/server/dist): the sources import relative modules without an
// extension and the contract by its package name, as bundler resolution allows; node's ESM loader wants files.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const contractDist = new URL('../../../packages/contract/dist/', import.meta.url);

export async function resolve(specifier, context, next) {
  if (specifier === '@h5/contract' || specifier.startsWith('@h5/contract/')) {
    const sub = specifier === '@h5/contract' ? 'index' : specifier.slice('@h5/contract/'.length);
    return next(new URL(`${sub}.js`, contractDist).href, context);
  }
  const relative = specifier.startsWith('./') || specifier.startsWith('../');
  if (relative && context.parentURL?.startsWith('file:') && !/\.(c|m)?js$|\.json$/.test(specifier)) {
    const file = new URL(`${specifier}.js`, context.parentURL);
    const index = new URL(`${specifier}/index.js`, context.parentURL);
    if (existsSync(fileURLToPath(file))) return next(file.href, context);
    if (existsSync(fileURLToPath(index))) return next(pathToFileURL(fileURLToPath(index)).href, context);
  }
  return next(specifier, context);
}
