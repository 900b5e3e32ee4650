-- The demo utility's footer linked to /legal/privacy and /legal/terms, which the portal never had;
-- the legal documents now live at /privacy and /terms (texts in tenants.legal). Other tenants' links
-- are theirs and stay as they are.
UPDATE "tenants"
SET "legal" = "legal" || '{"privacyUrl": "/privacy", "termsUrl": "/terms"}'::jsonb
WHERE "legal"->>'privacyUrl' = '/legal/privacy' AND "legal"->>'termsUrl' = '/legal/terms';
