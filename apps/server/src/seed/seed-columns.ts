// Column lists (with SQL types for PostgreSQL's unnest casts) of the tables the seed bulk-loads.
// The order is the order of the values in each seeded row.
import type { ColumnSpec } from './bulk-load.ts';

function columns(spec: string): ColumnSpec[] {
  return spec
    .trim()
    .split(/\s*,\s*/)
    .map((pair) => {
      const [name = '', type = 'text'] = pair.split(/\s+/);
      return { name, type };
    });
}

export const COLUMNS = {
  weather_daily: columns(`tenant_id uuid, day date, mean_temp_c float8, min_temp_c float8, max_temp_c float8,
    heating_degree_days float8, cooling_degree_days float8, cloud_cover float8, sun_hours float8`),
  users:
    columns(`id uuid, tenant_id uuid, username text, full_name text, email text, email_verified_at timestamptz,
    tfa_enabled bool, password_hash text, locale text, password_changed_at timestamptz, created_at timestamptz,
    updated_at timestamptz`),
  profiles:
    columns(`user_id uuid, tenant_id uuid, mailing_address text, city text, service_address text, state text,
    zip text, phone_no text, secondary_phn_no text, updated_at timestamptz`),
  customer_accounts:
    columns(`id uuid, tenant_id uuid, account_number text, pin_hash text, holder_name text, email text,
    phone text, mailing_address text, city text, state text, zip text, paperless bool, opened_on date`),
  premises:
    columns(`id uuid, tenant_id uuid, account_id uuid, service_address text, city text, state text, zip text,
    property_type property_type, square_feet int4, occupants int4, year_built int4, heating text, has_solar bool,
    solar_kw float8, has_ev bool, latitude float8, longitude float8`),
  user_accounts: columns('user_id uuid, account_id uuid, tenant_id uuid, linked_at timestamptz'),
  services: columns(`id uuid, tenant_id uuid, account_id uuid, premise_id uuid, utility_type utility_type,
    tariff_id uuid, status service_status, start_date date`),
  meters:
    columns(`id uuid, tenant_id uuid, service_id uuid, serial_number text, utility_type utility_type, unit text,
    interval_minutes int4, bidirectional bool, installed_on date`),
  monthly_reads: columns(
    'id uuid, tenant_id uuid, meter_id uuid, read_date date, register_value numeric, consumption numeric',
  ),
  bills:
    columns(`id uuid, tenant_id uuid, account_id uuid, bill_number text, period_start date, period_end date,
    bill_date date, due_date date, previous_balance_cents int8, payments_received_cents int8,
    current_charges_cents int8, amount_due_cents int8, status bill_status, created_at timestamptz`),
  bill_segments: columns(`id uuid, tenant_id uuid, bill_id uuid, service_id uuid, utility_type utility_type,
    tariff_id uuid, start_date date, end_date date, usage_quantity numeric, usage_unit text, amount_cents int8`),
  bill_line_items:
    columns(`id uuid, tenant_id uuid, segment_id uuid, position int4, kind text, description text,
    quantity numeric, unit text, rate numeric, amount_cents int8`),
  payments:
    columns(`id uuid, tenant_id uuid, account_id uuid, user_id uuid, bill_id uuid, idempotency_key text,
    confirmation_number text, amount_cents int8, fee_cents int8, method payment_method, channel payment_channel,
    platform_key text, source_brand text, source_last4 text, provider_reference text, status payment_status,
    paid_at timestamptz, created_at timestamptz`),
  ledger_entries: columns(`id uuid, tenant_id uuid, account_id uuid, entry_date date, kind ledger_kind,
    transaction_type text, description text, amount_cents int8, bill_id uuid, payment_id uuid, created_at timestamptz`),
  autopay_enrollments: columns(`id uuid, tenant_id uuid, account_id uuid, user_id uuid, entity_name text,
    auto_pay_method payment_method, source_brand text, source_last4 text, autopay_max_withdrawal_cents int8,
    start_date date, end_date date, expire_date date, status autopay_status, processor_token text, created_at timestamptz`),
  test_processor_sources: columns(`id uuid, merchant_id uuid, token text, method text, brand text, last4 text,
    outcome text, times_out bool, created_at timestamptz`),
} satisfies Record<string, ColumnSpec[]>;
