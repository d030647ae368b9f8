// Build step (Node): write a brotli copy X.br beside each file named, for hosts and browsers
// that accept `Content-Encoding: br` (scripts/serve.py prefers it to X.gz). Node's own zlib
// does the work, so the build needs nothing beyond the Node it already uses for npm.
// Usage: node scripts/brotli.mjs <file>...   Prints one JSON line: {file: [bytes, br bytes]}.
// Quality 11 with a 16 MB window: the memory snapshot has repeats far beyond gzip's 32 KB.
import { readFile, writeFile } from "node:fs/promises";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";

const compress = promisify(brotliCompress);
const sizes = {};
await Promise.all(process.argv.slice(2).map(async (file) => {
  const data = await readFile(file);
  const packed = await compress(data, { params: {
    [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
  await writeFile(`${file}.br`, packed);
  sizes[file] = [data.length, packed.length];
}));
console.log(JSON.stringify(sizes));
