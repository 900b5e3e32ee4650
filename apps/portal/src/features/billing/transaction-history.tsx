import type { Transaction } from '@gridfront/contracts/billing';
import {
  TRANSACTION_FILTERS,
  TRANSACTION_PAGE_LIMIT_MAX,
  type TransactionFilter,
} from '@gridfront/contracts/constants';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { notifyFailure } from '../../lib/api/server-text.ts';
import { useDeferredValue } from '../../lib/deferred-value.ts';
import styles from './billing.module.css';
import {
  useBillPdfMutation,
  useLazyTransactionDetailsQuery,
  useTransactionDetailsQuery,
} from './billing-api.ts';
import { formatCents, formatDate } from './format.ts';
import { TableScroll } from './table-scroll.tsx';
import { describeTransaction } from './transaction-text.ts';
import { downloadBlob, downloadText, transactionsCsv } from './transactions-csv.ts';
import { useLanguage } from './use-language.ts';

const PAGE_SIZES = [10, 25, 50] as const;
type SortBy = 'date' | 'amount';
type SortOrder = 'asc' | 'desc';

interface Filters {
  filterType: TransactionFilter;
  from: string;
  toDate: string;
}

/** Bills, payments and fees: filter, date range, sortable columns, pages, CSV and bill PDFs. */
export function TransactionHistory({
  accountId,
  accountNumber,
}: {
  accountId: string;
  accountNumber: string;
}) {
  const { t } = useTranslation('billing');
  const language = useLanguage();
  const [draft, setDraft] = useState<Filters>({ filterType: 'ALL', from: '', toDate: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const [sort, setSort] = useState<{ by: SortBy; order: SortOrder }>({ by: 'date', order: 'desc' });
  const [pageLimit, setPageLimit] = useState<number>(PAGE_SIZES[0]);
  const [pageOffset, setPageOffset] = useState(0);
  const [exporting, setExporting] = useState(false);
  const request = {
    accountId,
    filterType: filters.filterType,
    filterDescription: t(`history.filters.${filters.filterType}`),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.toDate ? { toDate: filters.toDate } : {}),
    sortBy: sort.by,
    sortOrder: sort.order,
  };
  const {
    data: answer,
    isFetching,
    isError,
    refetch,
  } = useTransactionDetailsQuery({
    ...request,
    pageLimit,
    pageOffset,
  });
  // The table renders as a transition, in slices, after each answer (issue 7: total blocking time).
  const data = useDeferredValue(answer);
  const [fetchPage] = useLazyTransactionDetailsQuery();
  const [fetchPdf] = useBillPdfMutation();

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPageOffset(0);
  };

  const sortOn = (by: SortBy) => {
    setSort((current) => ({ by, order: current.by === by && current.order === 'desc' ? 'asc' : 'desc' }));
    setPageOffset(0);
  };

  const ariaSort = (by: SortBy) =>
    sort.by === by ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined;

  const typeName = (type: string) =>
    type === 'C1BL' || type === 'PAY' || type === 'LPC' ? t(`history.types.${type}`) : type;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: Transaction[] = [];
      for (let offset = 0; ; offset += TRANSACTION_PAGE_LIMIT_MAX) {
        const page = await fetchPage({
          ...request,
          pageLimit: TRANSACTION_PAGE_LIMIT_MAX,
          pageOffset: offset,
        }).unwrap();
        rows.push(...page.transactions);
        if (rows.length >= page.totalCount || page.transactions.length === 0) break;
      }
      const range = `${filters.from || 'start'}_${filters.toDate || 'today'}`;
      downloadText(
        transactionsCsv(rows, t('history.csv', { returnObjects: true }), typeName, (row) =>
          describeTransaction(row, t, language),
        ),
        `transactions-${accountNumber}-${range}.csv`,
      );
    } catch (error) {
      notifyFailure(error);
    } finally {
      setExporting(false);
    }
  };

  const openPdf = async (row: Transaction) => {
    try {
      const pdf = await fetchPdf(row.transactionId).unwrap();
      downloadBlob(pdf, `bill-${row.billNumber ?? row.transactionId}.pdf`);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const total = data?.totalCount ?? 0;
  const first = total === 0 ? 0 : pageOffset + 1;
  const last = Math.min(pageOffset + pageLimit, total);

  return (
    <section className={`gf-surface ${styles.card} ${styles.wide}`} aria-labelledby="history-heading">
      <h2 id="history-heading" className={styles.cardTitle}>
        {t('history.heading')}
      </h2>
      <form className={styles.filters} onSubmit={apply} aria-label={t('history.heading')}>
        <label className={styles.field}>
          <span>{t('history.filter')}</span>
          <select
            value={draft.filterType}
            onChange={(event) => setDraft({ ...draft, filterType: event.target.value as TransactionFilter })}
          >
            {TRANSACTION_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`history.filters.${filter}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('history.from')}</span>
          <input
            type="date"
            value={draft.from}
            max={draft.toDate || undefined}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </label>
        <label className={styles.field}>
          <span>{t('history.to')}</span>
          <input
            type="date"
            value={draft.toDate}
            min={draft.from || undefined}
            onChange={(event) => setDraft({ ...draft, toDate: event.target.value })}
          />
        </label>
        <button type="submit" className="gf-button">
          {t('history.apply')}
        </button>
        <button
          type="button"
          className="gf-button gf-button--secondary"
          onClick={exportCsv}
          disabled={exporting || total === 0}
        >
          {exporting ? t('history.downloading') : t('history.download')}
        </button>
      </form>
      {isError ? (
        <div role="alert" className={styles.error}>
          <p>{t('loadFailed')}</p>
          <button type="button" className="gf-button" onClick={() => refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      <TableScroll label={t('history.caption', { account: accountNumber })}>
        <table className={styles.table} aria-busy={isFetching}>
          <caption className="visually-hidden">{t('history.caption', { account: accountNumber })}</caption>
          <thead>
            <tr>
              <th scope="col" aria-sort={ariaSort('date')}>
                <button type="button" className={styles.sortButton} onClick={() => sortOn('date')}>
                  {t('history.date')}
                  <span aria-hidden="true">{sortMark(sort, 'date')}</span>
                </button>
              </th>
              <th scope="col">{t('history.description')}</th>
              <th scope="col" aria-sort={ariaSort('amount')} className={styles.numeric}>
                <button type="button" className={styles.sortButton} onClick={() => sortOn('amount')}>
                  {t('history.amount')}
                  <span aria-hidden="true">{sortMark(sort, 'amount')}</span>
                </button>
              </th>
              <th scope="col">{t('history.pdf')}</th>
            </tr>
          </thead>
          <tbody>
            {data?.transactions.map((row) => (
              <tr key={row.transactionId}>
                <td>{formatDate(row.transactionDate, language, 'short')}</td>
                <td>
                  {describeTransaction(row, t, language)}
                  <span className={styles.rowNote}>{typeName(row.transactionType)}</span>
                </td>
                <td className={styles.numeric}>{formatCents(row.amountCents, language)}</td>
                <td>
                  {row.hasPdf ? (
                    <button type="button" className={styles.linkButton} onClick={() => openPdf(row)}>
                      <span aria-hidden="true">PDF</span>
                      <span className="visually-hidden">
                        {t('history.openPdf', { number: row.billNumber ?? '' })}
                      </span>
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {data && total === 0 ? <p>{t('history.empty')}</p> : null}
      <div className={styles.pager}>
        <label className={styles.field}>
          <span>{t('history.pageSize')}</span>
          <select
            value={pageLimit}
            onChange={(event) => {
              setPageLimit(Number(event.target.value));
              setPageOffset(0);
            }}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <p aria-live="polite" className={styles.range}>
          {t('history.range', { from: first, to: last, total })}
        </p>
        <button
          type="button"
          className="gf-button gf-button--secondary"
          onClick={() => setPageOffset(Math.max(0, pageOffset - pageLimit))}
          disabled={pageOffset === 0}
        >
          {t('history.previous')}
        </button>
        <button
          type="button"
          className="gf-button gf-button--secondary"
          onClick={() => setPageOffset(pageOffset + pageLimit)}
          disabled={last >= total}
        >
          {t('history.next')}
        </button>
      </div>
    </section>
  );
}

function sortMark(sort: { by: SortBy; order: SortOrder }, column: SortBy): string {
  if (sort.by !== column) return ' ↕';
  return sort.order === 'asc' ? ' ▲' : ' ▼';
}
