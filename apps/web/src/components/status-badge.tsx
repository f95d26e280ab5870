export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === 'confirmed' || status === 'delivered' || status === 'ok' || status === 'succeeded'
      ? 'ok'
      : status === 'cancelled' || status === 'failed' || status === 'error'
        ? 'bad'
        : 'warn';
  return <span className={`badge ${tone}`}>{status}</span>;
}
