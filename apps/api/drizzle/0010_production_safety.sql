-- Issue 23 item 12: the origins (https://host[:port]) an organiser allows to embed the
-- mini-sites (/site, /sitemail) of its events; empty = only the site itself.
ALTER TABLE "organizers" ADD COLUMN "frame_origins" text[] DEFAULT '{}'::text[] NOT NULL;
