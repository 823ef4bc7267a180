ALTER TABLE "saved_searches" ADD COLUMN "match_query" "tsquery";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "match_partial" text;--> statement-breakpoint
CREATE INDEX "saved_searches_alerting" ON "saved_searches" USING btree ("category","province") WHERE "saved_searches"."alert" <> 'none';--> statement-breakpoint
-- Searches saved before: their words as the listing reads them (ad-search.ts). The app tames a run of
-- dashes the same way before it saves a search; here, a search with more than 8 dashes keeps none,
-- so no query can nest too many NOTs (docs/decisions/061-matching-at-scale.md).
UPDATE "saved_searches" SET
  "match_query" = websearch_to_tsquery('english', ads_fold(tamed.words)) || websearch_to_tsquery('french', ads_fold(tamed.words)),
  "match_partial" = CASE WHEN tamed.plain ~ '^[[:alpha:][:digit:] ]{3,}$' THEN ads_fold(tamed.plain) END
FROM (
  SELECT "id",
    CASE WHEN length("q") - length(replace("q", '-', '')) > 8 THEN replace("q", '-', ' ')
      ELSE regexp_replace(regexp_replace("q", '-+(?![[:alnum:]"])', ' ', 'g'), '-+', '-', 'g') END AS words,
    btrim(regexp_replace("q", '\s+', ' ', 'g')) AS plain
  FROM "saved_searches" WHERE "q" IS NOT NULL
) AS tamed
WHERE "saved_searches"."id" = tamed."id";
