// Fonts of the bill PDF: Noto Sans for Latin text and Noto Sans Tamil for Tamil (SIL OFL, in
// apps/server/assets/fonts). Neither covers the other's script, so Tamil text is written in runs.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * apps/server/assets/fonts: three folders up from this source file (src/features/billing), one up
 * from the compiled server this code is bundled into (dist/server.js).
 */
const fontsFolder =
  ['../../../assets/fonts', '../assets/fonts']
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((folder) => existsSync(`${folder}/NotoSans-Regular.ttf`)) ??
  fileURLToPath(new URL('../../../assets/fonts', import.meta.url));

export type FontName = 'latin' | 'latinBold' | 'tamil' | 'tamilBold';

const FILES: Record<FontName, string> = {
  latin: 'NotoSans-Regular.ttf',
  latinBold: 'NotoSans-Bold.ttf',
  tamil: 'NotoSansTamil-Regular.ttf',
  tamilBold: 'NotoSansTamil-Bold.ttf',
};

let loaded: Record<FontName, Buffer> | null = null;

/** The font files, read once per process (a bill renders many times a day). */
export function pdfFonts(): Record<FontName, Buffer> {
  loaded ??= {
    latin: readFileSync(`${fontsFolder}/${FILES.latin}`),
    latinBold: readFileSync(`${fontsFolder}/${FILES.latinBold}`),
    tamil: readFileSync(`${fontsFolder}/${FILES.tamil}`),
    tamilBold: readFileSync(`${fontsFolder}/${FILES.tamilBold}`),
  };
  return loaded;
}

export interface ScriptRun {
  text: string;
  tamil: boolean;
}

// The Tamil block, plus the joiners that shape Tamil conjuncts.
const TAMIL = /[\u0B80-\u0BFF\u200C\u200D]/u;

/** Splits text into runs of Tamil and of everything else; spaces stay with the run they are in. */
export function scriptRuns(text: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  for (const character of text) {
    const tamil = character === ' ' ? (runs.at(-1)?.tamil ?? false) : TAMIL.test(character);
    const last = runs.at(-1);
    if (last && last.tamil === tamil) last.text += character;
    else runs.push({ text: character, tamil });
  }
  return runs;
}
