CREATE TABLE "interval_months" (
	"tenant_id" uuid NOT NULL,
	"meter_id" uuid NOT NULL,
	"month" date NOT NULL,
	"import_day_wh" bigint[] NOT NULL,
	"export_day_wh" bigint[],
	"generation_day_wh" bigint[],
	"estimated_days" integer DEFAULT 0 NOT NULL,
	"intervals" "bytea" NOT NULL,
	CONSTRAINT "interval_months_meter_id_month_pk" PRIMARY KEY("meter_id","month")
);
--> statement-breakpoint
-- Convert the rows of interval_reads (one per meter and day, int4 arrays) into one row per meter and
-- month, encoded exactly as features/meter-reads/interval-codec.ts encodes (version 1); these helper
-- functions exist only during this migration.
ALTER TABLE "interval_months" ALTER COLUMN "intervals" SET STORAGE EXTERNAL;--> statement-breakpoint
CREATE FUNCTION gridfront_0011_varint(v bigint) RETURNS bytea LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE out bytea := ''::bytea;
BEGIN
  LOOP
    IF v < 128 THEN RETURN out || set_byte('\x00'::bytea, 0, v::int); END IF;
    out := out || set_byte('\x00'::bytea, 0, (v % 128 + 128)::int);
    v := v / 128;
  END LOOP;
END $$;--> statement-breakpoint
CREATE FUNCTION gridfront_0011_channel(vals bigint[]) RETURNS bytea LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  out bytea := ''::bytea; prev_min bigint := 0; n int := coalesce(cardinality(vals), 0);
  s int := 1; e int; mn bigint; mx bigint; w int; d bigint; acc bigint; nb int;
BEGIN
  WHILE s <= n LOOP
    e := least(n, s + 15);
    SELECT min(coalesce(x, 0)), max(coalesce(x, 0)) INTO mn, mx FROM unnest(vals[s:e]) x;
    w := 0;
    WHILE w < 32 AND mx - mn >= (1::bigint << w) LOOP w := w + 1; END LOOP;
    d := mn - prev_min;
    out := out || gridfront_0011_varint((CASE WHEN d < 0 THEN -2 * d - 1 ELSE 2 * d END) * 64 + w);
    acc := 0; nb := 0;
    FOR i IN s..e LOOP
      acc := acc | ((coalesce(vals[i], 0) - mn) << nb);
      nb := nb + w;
      WHILE nb >= 8 LOOP
        out := out || set_byte('\x00'::bytea, 0, (acc & 255)::int);
        acc := acc >> 8; nb := nb - 8;
      END LOOP;
    END LOOP;
    IF nb > 0 THEN out := out || set_byte('\x00'::bytea, 0, (acc & 255)::int); END IF;
    prev_min := mn; s := e + 1;
  END LOOP;
  RETURN out;
END $$;--> statement-breakpoint
CREATE FUNCTION gridfront_0011_day(dom int, imp int4[], exp int4[]) RETURNS bytea LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  n int := coalesce(cardinality(imp), 0);
  net boolean := exp IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM generate_series(1, n) i
    WHERE coalesce(imp[i], 0) < 0 OR coalesce(exp[i], 0) < 0 OR (coalesce(imp[i], 0) <> 0 AND coalesce(exp[i], 0) <> 0));
  head bytea := set_byte('\x00'::bytea, 0, dom) || gridfront_0011_varint(n)
    || set_byte('\x00'::bytea, 0, (CASE WHEN exp IS NULL THEN 0 ELSE 1 END) | (CASE WHEN net THEN 4 ELSE 0 END));
BEGIN
  IF net THEN
    RETURN head || gridfront_0011_channel(ARRAY(
      SELECT coalesce(imp[i], 0)::bigint - coalesce(exp[i], 0) FROM generate_series(1, n) i ORDER BY i));
  END IF;
  RETURN head || gridfront_0011_channel(imp::bigint[])
    || CASE WHEN exp IS NULL THEN ''::bytea ELSE gridfront_0011_channel(exp::bigint[]) END;
END $$;--> statement-breakpoint
CREATE FUNCTION gridfront_0011_spread(days int[], vals bigint[]) RETURNS bigint[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE out bigint[] := array_fill(NULL::bigint, ARRAY[days[cardinality(days)]]);
BEGIN
  FOR i IN 1..cardinality(days) LOOP out[days[i]] := vals[i]; END LOOP;
  RETURN out;
END $$;--> statement-breakpoint
INSERT INTO "interval_months" ("tenant_id", "meter_id", "month", "import_day_wh", "export_day_wh", "estimated_days", "intervals")
SELECT tenant_id, meter_id, month,
  gridfront_0011_spread(days, import_sums),
  CASE WHEN has_export THEN gridfront_0011_spread(days, export_sums) END,
  estimated_days,
  '\x01'::bytea || encoded
FROM (
  SELECT r.tenant_id, r.meter_id, date_trunc('month', r.read_date)::date AS month,
    array_agg(extract(day FROM r.read_date)::int ORDER BY r.read_date) AS days,
    array_agg((SELECT coalesce(sum(x), 0) FROM unnest(r.import_wh) x)::bigint ORDER BY r.read_date) AS import_sums,
    array_agg((SELECT sum(x) FROM unnest(r.export_wh) x)::bigint ORDER BY r.read_date) AS export_sums,
    bool_or(r.export_wh IS NOT NULL) AS has_export,
    bit_or(CASE WHEN r.estimated THEN 1 << (extract(day FROM r.read_date)::int - 1) ELSE 0 END) AS estimated_days,
    string_agg(gridfront_0011_day(extract(day FROM r.read_date)::int, r.import_wh, r.export_wh), ''::bytea ORDER BY r.read_date) AS encoded
  FROM "interval_reads" r
  GROUP BY r.tenant_id, r.meter_id, date_trunc('month', r.read_date)
) m;--> statement-breakpoint
DROP FUNCTION gridfront_0011_spread(int[], bigint[]);--> statement-breakpoint
DROP FUNCTION gridfront_0011_day(int, int4[], int4[]);--> statement-breakpoint
DROP FUNCTION gridfront_0011_channel(bigint[]);--> statement-breakpoint
DROP FUNCTION gridfront_0011_varint(bigint);--> statement-breakpoint
DROP TABLE "interval_reads" CASCADE;--> statement-breakpoint
ALTER TABLE "interval_months" ADD CONSTRAINT "interval_months_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interval_months" ADD CONSTRAINT "interval_months_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;