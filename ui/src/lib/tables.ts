// A table's seats and results as people read them (tables of three to six: checkers
// seats 1..N, four-player Junqi south, east, north, west). Pure: it takes the
// translation function, so it is tested without a browser.

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** A seat as printed: 2号, 南 (seat 2, south). */
export function seatLabel(seat: number | string, t: Translate): string {
  return typeof seat === 'number' ? t('rounds.seat', { seat }) : t(`rounds.side.${seat}`);
}

/** A table's result code in words: 2号胜, 名次 3、1、2, 南北方胜 … (codes it does not
 * know as they are). */
export function tableWords(code: string, t: Translate, zh: boolean): string {
  const [kind, rest, partner] = code.split(':');
  if (kind === 'win') return t('rounds.tableResult.win', { seat: rest });
  if (kind === 'order') return t('rounds.tableResult.order', { order: rest.split(',').join(zh ? '、' : ', ') });
  if (kind === 'escape') {
    const who = t('rounds.tableResult.escape', { seat: t(`rounds.side.${rest}`) });
    return partner ? `${who}${t('rounds.tableResult.partnerOut')}` : who;
  }
  const plain: Record<string, string> = { 'south-north': 'southNorth', 'east-west': 'eastWest', '1/2': 'draw', none: 'none' };
  return plain[code] ? t(`rounds.tableResult.${plain[code]}`) : code;
}
