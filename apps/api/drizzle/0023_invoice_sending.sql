-- Invoices sent by e-mail (issue 24): the outbox carries an e-mail's attachment (the invoice's PDF) until it is
-- sent; each business may turn on reminders of its overdue invoices (every so many days, at most so many), and
-- each invoice counts the reminders it was sent; its history names both kinds of sending.
ALTER TABLE "invoice_events" DROP CONSTRAINT "invoice_events_action_check";--> statement-breakpoint
ALTER TABLE "business_details" ADD COLUMN "reminder_every_days" integer;--> statement-breakpoint
ALTER TABLE "business_details" ADD COLUMN "reminder_limit" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_reminder_on" date;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachment" bytea;--> statement-breakpoint
ALTER TABLE "business_details" ADD CONSTRAINT "business_details_reminder_every_days_range" CHECK ("business_details"."reminder_every_days" BETWEEN 1 AND 90);--> statement-breakpoint
ALTER TABLE "business_details" ADD CONSTRAINT "business_details_reminder_limit_range" CHECK ("business_details"."reminder_limit" BETWEEN 1 AND 10);--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_action_check" CHECK ("action" IN ('CREATED', 'PAYMENT_RECORDED', 'REFUND_RECORDED', 'STATUS_CHANGED', 'CANCELED', 'SENT', 'REMINDER_SENT'));--> statement-breakpoint
-- The overdue invoices whose next reminder is due on `today`, of every business: the sweep (invoice-reminders.ts)
-- then sends each within its own business, locking the invoice and checking again, so two instances never both
-- send one. Like mark_overdue_invoices (0018), it reads across businesses, so it runs as the tables' owner.
CREATE FUNCTION invoices_due_for_reminder(today date)
  RETURNS TABLE (organisation_id bigint, invoice_id bigint)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public
  AS $$
    SELECT i.organisation_id, i.id
    FROM public.invoices i
    JOIN public.business_details b ON b.organisation_id = i.organisation_id
    WHERE i.status = 'OVERDUE'
      AND b.reminder_every_days IS NOT NULL
      AND i.reminders_sent < b.reminder_limit
      AND coalesce(i.last_reminder_on, i.date + 30) + b.reminder_every_days <= today
    ORDER BY i.organisation_id, i.id
  $$;
