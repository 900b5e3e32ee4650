/** ./espi-schema beside this source file, or from the bundled server (dist/) the source tree's copy. */
export declare const ESPI_SCHEMA_FOLDER: string;
export type SchemaCheck = {
    valid: true;
} | {
    valid: false;
    error: string;
} | {
    valid: null;
    reason: string;
};
/** Validates XML text given on stdin; `valid: null` when xmllint could not run (not installed, timed out). */
export declare function checkEspiSchema(xml: string): Promise<SchemaCheck>;
