CREATE TABLE "access_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"code" text NOT NULL,
	"ticket_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_codes_uses_check" CHECK ("access_codes"."max_uses" IS NULL OR "access_codes"."used" <= "access_codes"."max_uses"),
	CONSTRAINT "access_codes_used_check" CHECK ("access_codes"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "capacity_group_members" (
	"group_id" integer NOT NULL,
	"ticket_type_id" integer NOT NULL,
	CONSTRAINT "capacity_group_members_group_id_ticket_type_id_pk" PRIMARY KEY("group_id","ticket_type_id")
);
--> statement-breakpoint
CREATE TABLE "capacity_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capacity_groups_within_capacity" CHECK ("capacity_groups"."reserved" + "capacity_groups"."sold" <= "capacity_groups"."capacity")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organizer_id" integer NOT NULL,
	"event_id" integer,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"ticket_type_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"per_customer_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind_check" CHECK ("promo_codes"."kind" in ('percent', 'amount')),
	CONSTRAINT "promo_codes_value_check" CHECK ("promo_codes"."value" > 0 and ("promo_codes"."kind" <> 'percent' or "promo_codes"."value" <= 10000)),
	CONSTRAINT "promo_codes_uses_check" CHECK ("promo_codes"."max_uses" IS NULL OR "promo_codes"."used" <= "promo_codes"."max_uses"),
	CONSTRAINT "promo_codes_used_check" CHECK ("promo_codes"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_price_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_type_id" integer NOT NULL,
	"label" text NOT NULL,
	"price_cents" integer NOT NULL,
	"ends_at" timestamp with time zone,
	"ends_after_sold" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_price_steps_price_check" CHECK ("ticket_price_steps"."price_cents" >= 0),
	CONSTRAINT "ticket_price_steps_sold_check" CHECK ("ticket_price_steps"."ends_after_sold" IS NULL OR "ticket_price_steps"."ends_after_sold" > 0)
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "venue_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "link_token" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "service_fee_vat_percent" integer DEFAULT 23 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfer_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfer_until_hours" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "transfer_max_count" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "embed_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "vat_percent" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_group_members" ADD CONSTRAINT "capacity_group_members_group_id_capacity_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."capacity_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_group_members" ADD CONSTRAINT "capacity_group_members_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_groups" ADD CONSTRAINT "capacity_groups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_price_steps" ADD CONSTRAINT "ticket_price_steps_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_codes_event_code_idx" ON "access_codes" USING btree ("event_id","code");--> statement-breakpoint
CREATE INDEX "capacity_group_members_type_idx" ON "capacity_group_members" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE INDEX "capacity_groups_event_idx" ON "capacity_groups" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_organizer_code_idx" ON "promo_codes" USING btree ("organizer_id","code");--> statement-breakpoint
CREATE INDEX "ticket_price_steps_type_idx" ON "ticket_price_steps" USING btree ("ticket_type_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_link_token_unique" UNIQUE("link_token");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_service_fee_check" CHECK ("events"."service_fee_bp" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_service_fee_vat_check" CHECK ("events"."service_fee_vat_percent" between 0 and 23);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_transfer_policy_check" CHECK (coalesce("events"."transfer_until_hours", 0) >= 0 and coalesce("events"."transfer_max_count", 0) >= 0);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_dates_check" CHECK ("events"."ends_at" > "events"."starts_at");--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_price_check" CHECK ("ticket_types"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_vat_check" CHECK ("ticket_types"."vat_percent" between 0 and 23);--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_per_order_check" CHECK ("ticket_types"."min_per_order" >= 1 and "ticket_types"."max_per_order" >= "ticket_types"."min_per_order");