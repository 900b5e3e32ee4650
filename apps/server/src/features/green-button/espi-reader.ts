// Reads an uploaded Green Button file with a streaming, non-validating XML parser (saxes): the Atom
// entries, the ESPI resource inside each one's content, and nothing else. No DTD is ever processed
// (a DOCTYPE refuses the file, so entity expansion cannot happen), and the work is bounded in time,
// depth and readings. Every refusal names what is wrong in words a customer can act on.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { LocalTimeParameters } from './local-time-parameters.ts';

const ATOM = 'http://www.w3.org/2005/Atom';
const ESPI = 'http://naesb.org/espi';
const CHUNK = 64 * 1024;
const MAX_DEPTH = 64;
export const MAX_READINGS = 600_000;
export const PARSE_TIME_LIMIT_MS = 5_000;

/** A refusal whose message is shown to the customer as is. */
export class GreenButtonFileError extends Error {
  override name = 'GreenButtonFileError';
}

export interface RawReading {
  start: number;
  duration: number;
  value: number;
}

export interface RawEntry {
  self: string | null;
  up: string | null;
  related: string[];
  title: string | null;
  /** The ESPI resource in the content: UsagePoint, MeterReading, ReadingType, IntervalBlock, … */
  resource: string | null;
  /** Leaf values of the resource by path below it ("ServiceCategory/kind", "uom"). */
  fields: Map<string, string>;
  readings: RawReading[];
}

export interface RawFeed {
  title: string | null;
  entries: RawEntry[];
}

const INTEGER = /^-?\d{1,15}$/;

function integerOf(text: string, what: string, line: number): number {
  const trimmed = text.trim();
  if (!INTEGER.test(trimmed)) {
    throw new GreenButtonFileError(`Line ${line}: ${what} "${trimmed.slice(0, 40)}" is not a whole number`);
  }
  return Number(trimmed);
}

function newEntry(): RawEntry {
  return { self: null, up: null, related: [], title: null, resource: null, fields: new Map(), readings: [] };
}

/** Parses the text into entries; throws GreenButtonFileError for anything that is not a readable feed. */
export function readEspiFeed(xml: string, now: () => number = Date.now): RawFeed {
  const started = now();
  const parser = new SaxesParser({ xmlns: true, position: true });
  const feed: RawFeed = { title: null, entries: [] };
  const path: SaxesTagNS[] = [];
  let entry: RawEntry | null = null;
  /** Depth of the ESPI resource element inside <content>; -1 outside one. */
  let resourceDepth = -1;
  let text = '';
  let reading: Partial<RawReading> | null = null;
  let readingCount = 0;
  let failure: Error | null = null;

  parser.on('doctype', () => {
    throw new GreenButtonFileError(
      'The file declares a DOCTYPE. Green Button files have none, and DTD entities are refused for safety.',
    );
  });
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    if (path.length === 0 && (tag.local !== 'feed' || tag.uri !== ATOM)) {
      throw new GreenButtonFileError(
        `This is not a Green Button file: it starts with <${tag.name}>, not an Atom <feed>.`,
      );
    }
    if (path.length >= MAX_DEPTH)
      throw new GreenButtonFileError('The file is nested too deeply to be a Green Button file.');
    path.push(tag);
    text = '';
    const depth = path.length;
    if (tag.uri === ATOM && tag.local === 'entry' && depth === 2) entry = newEntry();
    if (!entry) return;
    if (tag.uri === ATOM && tag.local === 'link' && depth === 3) {
      const rel = String(tag.attributes.rel?.value ?? 'alternate');
      const href = String(tag.attributes.href?.value ?? '');
      if (rel === 'self') entry.self = href;
      else if (rel === 'up') entry.up = href;
      else if (rel === 'related') entry.related.push(href);
    }
    const parent = path[depth - 2];
    if (resourceDepth < 0 && tag.uri === ESPI && parent?.local === 'content' && parent.uri === ATOM) {
      resourceDepth = depth;
      entry.resource ??= tag.local;
    }
    if (resourceDepth > 0 && entry.resource === 'IntervalBlock' && tag.local === 'IntervalReading')
      reading = {};
  });
  parser.on('text', (chunk) => {
    if (text.length < 1000) text += chunk;
  });
  parser.on('closetag', (tag) => {
    const depth = path.length;
    const current = entry;
    if (current && resourceDepth > 0 && depth > resourceDepth) {
      const relative = path
        .slice(resourceDepth)
        .map((element) => element.local)
        .join('/');
      if (current.resource === 'IntervalBlock' && reading) {
        if (relative === 'IntervalReading/timePeriod/start')
          reading.start = integerOf(text, 'IntervalReading start', parser.line);
        else if (relative === 'IntervalReading/timePeriod/duration')
          reading.duration = integerOf(text, 'IntervalReading duration', parser.line);
        else if (relative === 'IntervalReading/value')
          reading.value = integerOf(text, 'IntervalReading value', parser.line);
        else if (relative === 'IntervalReading') {
          if (reading.start === undefined || reading.duration === undefined || reading.value === undefined) {
            throw new GreenButtonFileError(
              `Line ${parser.line}: an IntervalReading lacks its timePeriod start, duration or value`,
            );
          }
          if (++readingCount > MAX_READINGS) {
            throw new GreenButtonFileError(
              `The file has more than ${MAX_READINGS.toLocaleString('en')} readings`,
            );
          }
          current.readings.push(reading as RawReading);
          reading = null;
        }
      } else if (!current.fields.has(relative)) current.fields.set(relative, text.trim());
    }
    if (current && depth === 3 && tag.uri === ATOM && tag.local === 'title') current.title = text.trim();
    if (!current && depth === 2 && tag.uri === ATOM && tag.local === 'title') feed.title = text.trim();
    if (depth === resourceDepth) resourceDepth = -1;
    if (current && depth === 2 && tag.local === 'entry') {
      feed.entries.push(current);
      entry = null;
    }
    path.pop();
    text = '';
  });

  try {
    for (let offset = 0; offset < xml.length && !failure; offset += CHUNK) {
      parser.write(xml.slice(offset, offset + CHUNK));
      if (now() - started > PARSE_TIME_LIMIT_MS) {
        throw new GreenButtonFileError('Reading the file took too long; try a smaller file.');
      }
    }
    if (!failure) parser.close();
  } catch (error) {
    if (error instanceof GreenButtonFileError) throw error;
    failure ??= error as Error;
  }
  if (failure) {
    // saxes messages start with "line:column: "; keep them, they point at the fault.
    const detail = String((failure as Error).message)
      .split('\n')[0]
      ?.slice(0, 200);
    throw new GreenButtonFileError(`The file is not well-formed XML (${detail}).`);
  }
  if (path.length === 0 && feed.entries.length === 0 && feed.title === null) {
    throw new GreenButtonFileError('The file is empty or is not XML.');
  }
  return feed;
}

/** LocalTimeParameters of the feed, when an entry has them in full. */
export function localTimeOf(feed: RawFeed): LocalTimeParameters | null {
  const entry = feed.entries.find((candidate) => candidate.resource === 'LocalTimeParameters');
  if (!entry) return null;
  const tzOffset = Number(entry.fields.get('tzOffset'));
  if (!Number.isInteger(tzOffset) || Math.abs(tzOffset) > 14 * 3600) return null;
  const dstOffset = Number(entry.fields.get('dstOffset') ?? 0);
  return {
    tzOffset,
    dstOffset: Number.isInteger(dstOffset) && Math.abs(dstOffset) <= 7200 ? dstOffset : 0,
    dstStartRule: entry.fields.get('dstStartRule') ?? 'FFFFFFFF',
    dstEndRule: entry.fields.get('dstEndRule') ?? 'FFFFFFFF',
  };
}
