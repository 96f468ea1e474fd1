DROP INDEX "sdui_modules_surface_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "sdui_modules_default_uq" ON "sdui_modules" USING btree ("surface") WHERE "sdui_modules"."customer_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sdui_modules_customer_uq" ON "sdui_modules" USING btree ("surface","customer_id") WHERE "sdui_modules"."customer_id" is not null;