/**
 * SEPA credit transfer initiation (ISO 20022 pain.001.001.03), the file banks accept for
 * a batch of outgoing transfers. Texts are reduced to the SEPA Latin character set.
 */
export interface SepaDebtor {
  name: string;
  iban: string;
  bic?: string;
}

export interface SepaTransfer {
  endToEndId: string;
  amountCents: number;
  creditorName: string;
  creditorIban: string;
  remittance: string;
}

/** SEPA allows a-z A-Z 0-9 / - ? : ( ) . , ' + and space; accents are dropped, the rest replaced. */
export function sepaText(value: string, max: number): string {
  const plain = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (plain || 'NOTPROVIDED').slice(0, max);
}

const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

export const centsToDecimal = (cents: number): string =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export function buildPain001(opts: {
  messageId: string;
  createdAt: Date;
  executionDate: string;
  debtor: SepaDebtor;
  transfers: SepaTransfer[];
}): string {
  const total = opts.transfers.reduce((s, t) => s + t.amountCents, 0);
  const n = opts.transfers.length;
  const debtorName = xml(sepaText(opts.debtor.name, 70));
  const agent = opts.debtor.bic
    ? `<FinInstnId><BIC>${xml(opts.debtor.bic)}</BIC></FinInstnId>`
    : '<FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId>';
  const txs = opts.transfers
    .map(
      (t) => `
      <CdtTrfTxInf>
        <PmtId><EndToEndId>${xml(sepaText(t.endToEndId, 35))}</EndToEndId></PmtId>
        <Amt><InstdAmt Ccy="EUR">${centsToDecimal(t.amountCents)}</InstdAmt></Amt>
        <Cdtr><Nm>${xml(sepaText(t.creditorName, 70))}</Nm></Cdtr>
        <CdtrAcct><Id><IBAN>${xml(t.creditorIban)}</IBAN></Id></CdtrAcct>
        <RmtInf><Ustrd>${xml(sepaText(t.remittance, 140))}</Ustrd></RmtInf>
      </CdtTrfTxInf>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <CstmrCdtTrfInitn>
    <GrpHdr>
      <MsgId>${xml(sepaText(opts.messageId, 35))}</MsgId>
      <CreDtTm>${opts.createdAt.toISOString().slice(0, 19)}</CreDtTm>
      <NbOfTxs>${n}</NbOfTxs>
      <CtrlSum>${centsToDecimal(total)}</CtrlSum>
      <InitgPty><Nm>${debtorName}</Nm></InitgPty>
    </GrpHdr>
    <PmtInf>
      <PmtInfId>${xml(sepaText(opts.messageId, 35))}</PmtInfId>
      <PmtMtd>TRF</PmtMtd>
      <BtchBookg>true</BtchBookg>
      <NbOfTxs>${n}</NbOfTxs>
      <CtrlSum>${centsToDecimal(total)}</CtrlSum>
      <PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>
      <ReqdExctnDt>${opts.executionDate}</ReqdExctnDt>
      <Dbtr><Nm>${debtorName}</Nm></Dbtr>
      <DbtrAcct><Id><IBAN>${xml(opts.debtor.iban)}</IBAN></Id></DbtrAcct>
      <DbtrAgt>${agent}</DbtrAgt>
      <ChrgBr>SLEV</ChrgBr>${txs}
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>
`;
}
