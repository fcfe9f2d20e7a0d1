CREATE TABLE "bar_product_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"wallet_transaction_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"vat_rate" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bar_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"vat_rate" integer NOT NULL,
	"stock" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bar_products_vat_check" CHECK ("bar_products"."vat_rate" in (0, 6, 13, 23)),
	CONSTRAINT "bar_products_price_check" CHECK ("bar_products"."price_cents" >= 0),
	CONSTRAINT "bar_products_stock_check" CHECK ("bar_products"."stock" is null or "bar_products"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "station_menu_items" (
	"station_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "station_menu_items_station_id_product_id_pk" PRIMARY KEY("station_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "bar_product_sales" ADD CONSTRAINT "bar_product_sales_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bar_product_sales" ADD CONSTRAINT "bar_product_sales_product_id_bar_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."bar_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bar_product_sales" ADD CONSTRAINT "bar_product_sales_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bar_product_sales" ADD CONSTRAINT "bar_product_sales_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bar_products" ADD CONSTRAINT "bar_products_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_menu_items" ADD CONSTRAINT "station_menu_items_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_menu_items" ADD CONSTRAINT "station_menu_items_product_id_bar_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."bar_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bar_product_sales_event_product_idx" ON "bar_product_sales" USING btree ("event_id","product_id","qty","unit_cents");--> statement-breakpoint
CREATE INDEX "bar_products_event_idx" ON "bar_products" USING btree ("event_id","id");