ALTER TABLE "wallet_transactions" ADD COLUMN "description_code" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "description_params" jsonb;--> statement-breakpoint
-- Rows written before the codes: the texts the system wrote become their codes, so they are
-- shown in the reader's language too (the stored text stays; a till's own text is not matched).
UPDATE "wallet_transactions" SET "description_code" = CASE "description"
    WHEN 'Consumo' THEN 'consumption'
    WHEN 'Carregamento no local' THEN 'station_topup'
    WHEN 'Carregamento em numerário' THEN 'station_topup'
    WHEN 'Devolução em numerário' THEN 'cash_refund'
    WHEN 'Taxa de reembolso' THEN 'refund_fee'
    WHEN 'Reembolso recusado: valor devolvido à carteira' THEN 'refund_rejected'
    WHEN 'Carregamento da carteira' THEN 'online_topup'
    WHEN 'Wallet top-up' THEN 'online_topup'
    WHEN 'Recarga del monedero' THEN 'online_topup'
  END
  WHERE "description_code" IS NULL AND "description" IN ('Consumo', 'Carregamento no local',
    'Carregamento em numerário', 'Devolução em numerário', 'Taxa de reembolso',
    'Reembolso recusado: valor devolvido à carteira', 'Carregamento da carteira', 'Wallet top-up',
    'Recarga del monedero');--> statement-breakpoint
UPDATE "wallet_transactions"
  SET "description_code" = 'refund_to_iban',
    "description_params" = jsonb_build_object('iban', substring("description" from '^Reembolso para (.+)$'))
  WHERE "description_code" IS NULL AND "description" ~ '^Reembolso para .+$';--> statement-breakpoint
UPDATE "wallet_transactions"
  SET "description_code" = 'bracelet_to_account',
    "description_params" = jsonb_build_object('bracelet',
      substring("description" from '^Transferência para a conta \(pulseira (.+)\)$'))
  WHERE "description_code" IS NULL AND "description" ~ '^Transferência para a conta \(pulseira .+\)$';--> statement-breakpoint
UPDATE "wallet_transactions"
  SET "description_code" = 'bracelet_balance',
    "description_params" = jsonb_build_object('bracelet', substring("description" from '^Saldo da pulseira (.+)$'))
  WHERE "description_code" IS NULL AND "description" ~ '^Saldo da pulseira .+$';
