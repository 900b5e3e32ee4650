// A Green Button (NAESB ESPI 4.0) Atom feed of one service: UsagePoint, LocalTimeParameters, and per
// channel a MeterReading, its ReadingType and one IntervalBlock per local day. Element order follows
// espi.xsd's sequences; every entry carries the self and up links (atom.xsd asks for two links).
import { createHash } from 'node:crypto';
import { type ExportChannel, FLOW_DIRECTION, type UsageExport } from './usage-export.ts';

const ATOM = 'http://www.w3.org/2005/Atom';
const ESPI = 'http://naesb.org/espi';
/** QualityOfReading 8: estimated from history, what the meter system did for a missing read. */
const ESTIMATED_QUALITY = 8;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A name-based UUID (SHA-1, version 5 layout): the same resource gets the same id in every download. */
function uuidFor(...parts: string[]): string {
  const hex = createHash('sha1').update(parts.join('/')).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

interface Entry {
  self: string;
  up: string;
  related?: string[];
  title: string;
  content: string;
}

function entryXml(entry: Entry, stamp: string, feedKey: string): string {
  const links = [
    `<link rel="self" href="${escapeXml(entry.self)}"/>`,
    `<link rel="up" href="${escapeXml(entry.up)}"/>`,
    ...(entry.related ?? []).map((href) => `<link rel="related" href="${escapeXml(href)}"/>`),
  ];
  return [
    '<entry>',
    `<id>urn:uuid:${uuidFor(feedKey, entry.self)}</id>`,
    ...links,
    `<title>${escapeXml(entry.title)}</title>`,
    `<content>${entry.content}</content>`,
    `<published>${stamp}</published>`,
    `<updated>${stamp}</updated>`,
    '</entry>',
  ].join('\n');
}

function readingTypeXml(data: UsageExport, channel: ExportChannel): string {
  const { unit } = data;
  const fields: [string, number | null][] = [
    ['accumulationBehaviour', 4], // deltaData: each value is the quantity of its own interval
    ['commodity', unit.commodity],
    ['dataQualifier', 12], // normal
    ['flowDirection', FLOW_DIRECTION[channel.direction]],
    ['intervalLength', channel.intervalLength],
    ['kind', unit.measurementKind],
    ['powerOfTenMultiplier', unit.powerOfTenMultiplier],
    ['timeAttribute', 0],
    ['uom', unit.uom],
  ];
  const body = fields
    .filter((field): field is [string, number] => field[1] !== null)
    .map(([name, value]) => `<${name}>${value}</${name}>`)
    .join('');
  return `<ReadingType xmlns="${ESPI}">${body}</ReadingType>`;
}

function intervalBlockXml(block: ExportChannel['blocks'][number]): string {
  const readings = block.readings.map(
    (reading) =>
      `<IntervalReading>${reading.estimated ? `<ReadingQuality><quality>${ESTIMATED_QUALITY}</quality></ReadingQuality>` : ''}<timePeriod><duration>${reading.duration}</duration><start>${reading.start}</start></timePeriod><value>${reading.value}</value></IntervalReading>`,
  );
  return `<IntervalBlock xmlns="${ESPI}"><interval><duration>${block.duration}</duration><start>${block.start}</start></interval>\n${readings.join('\n')}\n</IntervalBlock>`;
}

/** The feed as XML text. Resource paths follow the ESPI REST layout the samples use. */
export function buildEspiFeed(data: UsageExport): string {
  const stamp = `${data.createdAt.toISOString().slice(0, 19)}Z`;
  const key = data.usagePointKey;
  const customer = `/espi/1_1/resource/RetailCustomer/${uuidFor('customer', key).slice(0, 8)}`;
  const usagePoints = `${customer}/UsagePoint`;
  const usagePoint = `${usagePoints}/${uuidFor('usage-point', key).slice(0, 8)}`;
  const localTime = '/espi/1_1/resource/LocalTimeParameters/01';
  const meterReadings = `${usagePoint}/MeterReading`;
  const entries: Entry[] = [
    {
      self: usagePoint,
      up: usagePoints,
      related: [meterReadings, localTime],
      title: data.title,
      content: `<UsagePoint xmlns="${ESPI}"><ServiceCategory><kind>${data.unit.serviceKind}</kind></ServiceCategory></UsagePoint>`,
    },
    {
      self: localTime,
      up: '/espi/1_1/resource/LocalTimeParameters',
      title: data.timeZone,
      content: `<LocalTimeParameters xmlns="${ESPI}"><dstEndRule>${data.localTime.dstEndRule}</dstEndRule><dstOffset>${data.localTime.dstOffset}</dstOffset><dstStartRule>${data.localTime.dstStartRule}</dstStartRule><tzOffset>${data.localTime.tzOffset}</tzOffset></LocalTimeParameters>`,
    },
  ];
  data.channels.forEach((channel, index) => {
    const number = String(index + 1).padStart(2, '0');
    const meterReading = `${meterReadings}/${number}`;
    const readingType = `/espi/1_1/resource/ReadingType/${uuidFor('reading-type', key, number).slice(0, 8)}`;
    const blocks = `${meterReading}/IntervalBlock`;
    const what = channel.direction === 'import' ? 'delivered to the premise' : 'sent to the grid';
    entries.push(
      {
        self: meterReading,
        up: meterReadings,
        related: [blocks, readingType],
        title: `${data.unit.label} ${what}`,
        content: `<MeterReading xmlns="${ESPI}"/>`,
      },
      {
        self: readingType,
        up: '/espi/1_1/resource/ReadingType',
        title: `Type of ${data.unit.label} ${what}`,
        content: readingTypeXml(data, channel),
      },
    );
    channel.blocks.forEach((block, blockIndex) => {
      entries.push({
        self: `${blocks}/${blockIndex + 1}`,
        up: blocks,
        title: '',
        content: intervalBlockXml(block),
      });
    });
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="${ATOM}">`,
    `<id>urn:uuid:${uuidFor('feed', key, stamp)}</id>`,
    `<title>${escapeXml(data.title)}</title>`,
    `<updated>${stamp}</updated>`,
    `<link rel="self" href="${usagePoint}"/>`,
    ...entries.map((entry) => entryXml(entry, stamp, key)),
    '</feed>',
    '',
  ].join('\n');
}
