ALTER TABLE "bills" ADD COLUMN "answer_head" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "answer_segments_open" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "answer_segments_paid" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "answer_quick_stats" text;