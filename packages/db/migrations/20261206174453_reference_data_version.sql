CREATE TABLE "reference_data_version" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" uuid DEFAULT gen_random_uuid() NOT NULL,
	CONSTRAINT "reference_data_version_one_row" CHECK ("reference_data_version"."singleton")
);
--> statement-breakpoint
INSERT INTO "reference_data_version" ("singleton") VALUES (true);
--> statement-breakpoint
-- Any change to the reference data that pricing and terms read gives it a new version, so what
-- a server instance keeps of it is read again (apps/server/src/lib/reference-data.ts).
CREATE FUNCTION "bump_reference_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "reference_data_version" SET "version" = gen_random_uuid();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  watched text;
BEGIN
  FOREACH watched IN ARRAY ARRAY[
    'skus', 'sku_prices', 'sku_volume_tiers', 'mc_hw_sku_costs', 'partner_discounts',
    'currency_rates', 'mc_cost_lookups', 'mc_markups', 'mc_duration_depreciation',
    'mc_support_cases', 'terms_clauses', 'terms_clause_rules', 'lookup_values'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_data_version"()',
      watched || '_bumps_reference_version', watched);
  END LOOP;
END;
$$;
