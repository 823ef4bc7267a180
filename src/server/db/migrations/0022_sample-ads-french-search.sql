ALTER TABLE "ads" ADD COLUMN "search_extra" text;--> statement-breakpoint
-- search_extra joins the words an ad is found by (a sample ad's French copy, weighted as its title);
-- an update that changes none of the four columns keeps the vector it has, so the demo ads' seeding at
-- every start rewrites no index entry
CREATE OR REPLACE FUNCTION ads_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND NEW.title IS NOT DISTINCT FROM OLD.title
    AND NEW.city IS NOT DISTINCT FROM OLD.city
    AND NEW.description IS NOT DISTINCT FROM OLD.description
    AND NEW.search_extra IS NOT DISTINCT FROM OLD.search_extra THEN
    RETURN NEW;
  END IF;
  NEW.search :=
    setweight(to_tsvector('english', ads_fold(NEW.title)), 'A') ||
    setweight(to_tsvector('french', ads_fold(NEW.title)), 'A') ||
    setweight(to_tsvector('english', ads_fold(NEW.city)), 'B') ||
    setweight(to_tsvector('french', ads_fold(NEW.city)), 'B') ||
    setweight(to_tsvector('english', ads_fold(NEW.description)), 'C') ||
    setweight(to_tsvector('french', ads_fold(NEW.description)), 'C') ||
    setweight(to_tsvector('french', ads_fold(coalesce(NEW.search_extra, ''))), 'A');
  NEW.title_folded := ads_fold(NEW.title);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER ads_search_update ON ads;
--> statement-breakpoint
CREATE TRIGGER ads_search_update BEFORE INSERT OR UPDATE OF title, description, city, search_extra ON ads
  FOR EACH ROW EXECUTE FUNCTION ads_search_update();
