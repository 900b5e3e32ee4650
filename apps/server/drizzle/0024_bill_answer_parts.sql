ALTER TABLE "bills" ADD COLUMN "answer_head" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "answer_segments_open" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "answer_segments_paid" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "answer_quick_stats" text;--> statement-breakpoint
-- Bills written before these columns get their parts here (features/billing/bill-answer-parts.ts,
-- storeBillAnswerParts without a bill id, as it was when this migration was written).
update bills t set
      answer_head = p.head,
      answer_segments_open = p.open_segments,
      answer_segments_paid = p.paid_segments,
      answer_quick_stats = p.quick_stats
    from (
      select b.id, h.head, o.segments as open_segments, z.segments as paid_segments, z.stats as quick_stats
      from bills b
      -- The bill's fields in the answer's order up to its status, without the closing brace.
      cross join lateral (
        select left(row_to_json(d)::text, -1) as head
        from (
          select b.id as "billId", b.bill_number as "billNumber", b.bill_date as "billDate",
            b.due_date as "dueDate", b.period_start as "periodStart", b.period_end as "periodEnd",
            b.previous_balance_cents as "previousBalanceCents",
            b.payments_received_cents as "paymentsReceivedCents",
            b.current_charges_cents as "currentChargesCents", b.amount_due_cents as "amountDueCents"
        ) d
      ) h
      cross join lateral (
        select coalesce(sg.segments, '[]'::json)::text as segments from (
    select b.id, b.amount_due_cents::numeric as unpaid, (select y.id from bills y
    where y.account_id = b.account_id
      and y.period_start >= (date_trunc('month', b.period_start::timestamp) - interval '12 months')::date and y.period_start < (date_trunc('month', b.period_start::timestamp) - interval '11 months')::date
    order by y.period_start limit 1) as last_year_id
  ) bl cross join lateral (
  select array_to_json(array_agg(row_to_json(sr) order by z.idx)) as segments,
    array_to_json(array_agg(row_to_json(qr) order by z.idx)) as stats
  from (
    select y.*, y.part + case
        when row_number() over ranked <= y.owed - sum(y.part) over ranked then 1 else 0
      end as outstanding
    from (
      select w.*, floor(w.exact) as part, w.exact - floor(w.exact) as rem
      from (
        select v.*,
          case when bl.unpaid > 0 and v.total > 0
            then (greatest(v.amount_cents, 0) * least(bl.unpaid, v.total))::float8 / v.total::float8
            else 0::float8 end as exact,
          case when bl.unpaid > 0 and v.total > 0 then least(bl.unpaid, v.total) else 0 end as owed
        from (
          select s.id, s.service_id, s.utility_type, s.start_date, s.end_date, s.usage_quantity,
            s.usage_unit, s.amount_cents, s.line_items_json,
            row_number() over bill_order as idx,
            sum(greatest(s.amount_cents, 0)) over bill_order as total
          from bill_segments s where s.bill_id = bl.id
          window bill_order as (order by s.utility_type, s.id rows between unbounded preceding and unbounded following)
        ) v
        -- Each level worked out once (offset 0 keeps PostgreSQL from folding it into the next, which
        -- copies exact's and unpaid's expressions into every use: larger sort keys to set up and
        -- evaluate on each call).
        offset 0
      ) w
      offset 0
    ) y
    window ranked as (order by y.rem desc, y.idx rows between unbounded preceding and unbounded following)
  ) z
  cross join lateral (
    select z.id as "segmentId", z.service_id as "serviceId", z.utility_type as "utilityType",
      z.start_date as "startDate", z.end_date as "endDate", trim_scale(z.usage_quantity) as "usageQuantity",
      z.usage_unit as "usageUnit", z.amount_cents as "amountCents", z.outstanding::bigint as "outstandingCents",
      -- Stored with the bill; aggregated here only for a segment written before that column.
      coalesce(z.line_items_json, (select coalesce(array_to_json(array_agg(row_to_json(li) order by i.position)), '[]'::json)
    from bill_line_items i
      cross join lateral (
        select i.kind, i.description, trim_scale(i.quantity) as quantity, i.unit,
          trim_scale(i.rate) as rate, i.amount_cents as "amountCents"
      ) li
    where i.segment_id = z.id)) as "lineItems"
  ) sr
  cross join lateral (
    select z.utility_type as "utilityType", trim_scale(z.usage_quantity) as "usageQuantity",
      z.usage_unit as "usageUnit", z.amount_cents as "amountCents",
      (select trim_scale(o.usage_quantity) from bill_segments o
        where o.bill_id = bl.last_year_id and o.utility_type = z.utility_type
        limit 1) as "lastYearUsageQuantity"
  ) qr
) sg
      ) o
      cross join lateral (
        select coalesce(sg.segments, '[]'::json)::text as segments,
          coalesce(sg.stats, '[]'::json)::text as stats
        from (
    select b.id, 0::numeric as unpaid, (select y.id from bills y
    where y.account_id = b.account_id
      and y.period_start >= (date_trunc('month', b.period_start::timestamp) - interval '12 months')::date and y.period_start < (date_trunc('month', b.period_start::timestamp) - interval '11 months')::date
    order by y.period_start limit 1) as last_year_id
  ) bl cross join lateral (
  select array_to_json(array_agg(row_to_json(sr) order by z.idx)) as segments,
    array_to_json(array_agg(row_to_json(qr) order by z.idx)) as stats
  from (
    select y.*, y.part + case
        when row_number() over ranked <= y.owed - sum(y.part) over ranked then 1 else 0
      end as outstanding
    from (
      select w.*, floor(w.exact) as part, w.exact - floor(w.exact) as rem
      from (
        select v.*,
          case when bl.unpaid > 0 and v.total > 0
            then (greatest(v.amount_cents, 0) * least(bl.unpaid, v.total))::float8 / v.total::float8
            else 0::float8 end as exact,
          case when bl.unpaid > 0 and v.total > 0 then least(bl.unpaid, v.total) else 0 end as owed
        from (
          select s.id, s.service_id, s.utility_type, s.start_date, s.end_date, s.usage_quantity,
            s.usage_unit, s.amount_cents, s.line_items_json,
            row_number() over bill_order as idx,
            sum(greatest(s.amount_cents, 0)) over bill_order as total
          from bill_segments s where s.bill_id = bl.id
          window bill_order as (order by s.utility_type, s.id rows between unbounded preceding and unbounded following)
        ) v
        -- Each level worked out once (offset 0 keeps PostgreSQL from folding it into the next, which
        -- copies exact's and unpaid's expressions into every use: larger sort keys to set up and
        -- evaluate on each call).
        offset 0
      ) w
      offset 0
    ) y
    window ranked as (order by y.rem desc, y.idx rows between unbounded preceding and unbounded following)
  ) z
  cross join lateral (
    select z.id as "segmentId", z.service_id as "serviceId", z.utility_type as "utilityType",
      z.start_date as "startDate", z.end_date as "endDate", trim_scale(z.usage_quantity) as "usageQuantity",
      z.usage_unit as "usageUnit", z.amount_cents as "amountCents", z.outstanding::bigint as "outstandingCents",
      -- Stored with the bill; aggregated here only for a segment written before that column.
      coalesce(z.line_items_json, (select coalesce(array_to_json(array_agg(row_to_json(li) order by i.position)), '[]'::json)
    from bill_line_items i
      cross join lateral (
        select i.kind, i.description, trim_scale(i.quantity) as quantity, i.unit,
          trim_scale(i.rate) as rate, i.amount_cents as "amountCents"
      ) li
    where i.segment_id = z.id)) as "lineItems"
  ) sr
  cross join lateral (
    select z.utility_type as "utilityType", trim_scale(z.usage_quantity) as "usageQuantity",
      z.usage_unit as "usageUnit", z.amount_cents as "amountCents",
      (select trim_scale(o.usage_quantity) from bill_segments o
        where o.bill_id = bl.last_year_id and o.utility_type = z.utility_type
        limit 1) as "lastYearUsageQuantity"
  ) qr
) sg
      ) z
      where b.answer_head is null
    ) p
    where t.id = p.id
