-- Issue 23 item 3: linking a bracelet proves possession with a secret printed inside it.
-- Stored as SHA-256 salted with the UID (modules/wallet/bracelet-proof.ts); NULL when the
-- bracelet has no printed secret (then only its NFC UID proves possession).
ALTER TABLE "bracelets" ADD COLUMN IF NOT EXISTS "secret_hash" text;
--> statement-breakpoint
-- Data folders seeded before this change: give the demo bracelets (README) their secrets.
-- Matched by their demo UIDs only, so no real bracelet is touched.
UPDATE "bracelets" SET "secret_hash" = v.hash
FROM (VALUES
  ('04A1B2C3D4E501', '7c6146933eb01630fdb150edaf16445d57ec6317fe4cf8a7bb918391a601a47b'),
  ('04F0E0D0C0B001', 'f69b9e516b6ec9acd80ddef0d4a9d2ad41a7ba12e57baa11491333557c67b10f'),
  ('04F0E0D0C0B002', '1129e107bad1e1120544e116b1d471a1a6afa8ef4ed92aa7aa6308a4aac0dce8'),
  ('04F0E0D0C0B003', '4d9380490deac125b9ea8f7f17595378693cefb6e0d5d03516431a0189e88a90'),
  ('04F0E0D0C0B004', '642dd104fd30d18137cbd77d12b0464a5eb8f054e0caa08b11f9aac2ef8c4bad'),
  ('04F0E0D0C0B005', '80790e5252f477320ecf0cbd8578c9cc6c01aa095cf8db227a1ea464aecace68'),
  ('04F0E0D0C0B006', 'e0d63aa2f1aeedb1a8282f38f304a05c90b7212b73fabff8b87f8e13b13e40d9'),
  ('04F0E0D0C0B007', '7923e983d7e7df4ccd9367ac1842018e3963f39f03091a1a2042c3941b8a2fd7'),
  ('04F0E0D0C0B008', '813b1ef4cd093341d7a68ea3005f599547b9bc232df4a5c71b44eb50e698d583')
) AS v(uid, hash)
WHERE "bracelets"."uid" = v.uid AND "bracelets"."secret_hash" IS NULL;
