// `node --import ./apps/server/scripts/compiled.mjs apps/server/dist/main.js`: the production start (Dockerfile).
import { register } from 'node:module';

register('./compiled-resolve.mjs', import.meta.url);
