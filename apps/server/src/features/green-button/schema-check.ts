// Schema validity of a Green Button file, checked with xmllint (libxml2) against the ESPI 4.0 and
// Atom schemas in ./espi-schema, offline (--nonet, a catalog for xml.xsd). A DOCTYPE never gets
// here (espi-reader refuses it first), and xmllint is not asked to expand entities either.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** ./espi-schema beside this source file, or from the bundled server (dist/) the source tree's copy. */
export const ESPI_SCHEMA_FOLDER =
  ['./espi-schema', '../src/features/green-button/espi-schema']
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((folder) => existsSync(`${folder}/espi.xsd`)) ??
  fileURLToPath(new URL('./espi-schema', import.meta.url));

const TIME_LIMIT_MS = 10_000;

export type SchemaCheck = { valid: true } | { valid: false; error: string } | { valid: null; reason: string };

/** Validates XML text given on stdin; `valid: null` when xmllint could not run (not installed, timed out). */
export function checkEspiSchema(xml: string): Promise<SchemaCheck> {
  return new Promise((resolve) => {
    const child = execFile(
      'xmllint',
      ['--nonet', '--noout', '--schema', `${ESPI_SCHEMA_FOLDER}/espi.xsd`, '-'],
      {
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          XML_CATALOG_FILES: `${ESPI_SCHEMA_FOLDER}/catalog.xml`,
        },
        timeout: TIME_LIMIT_MS,
        maxBuffer: 1024 * 1024,
      },
      (error, _stdout, stderr) => {
        if (!error) return resolve({ valid: true });
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || error.killed) return resolve({ valid: null, reason: error.message });
        // "-:12: element updated: Schemas validity error : Element '{…}updated': '2024-06-21' is not …"
        const first =
          stderr.split('\n').find((line) => line.includes('validity error')) ?? stderr.split('\n')[0] ?? '';
        resolve({
          valid: false,
          error: first
            .replace(/^-:/, 'line ')
            .replace(/\{[^}]*\}/g, '')
            .slice(0, 300),
        });
      },
    );
    child.stdin?.on('error', () => {});
    child.stdin?.end(xml);
  });
}
