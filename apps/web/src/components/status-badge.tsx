export function StatusBadge({ status }: { status: string }) {
  const tone = status === 'confirmed' || status === 'delivered' ? 'ok' : status === 'cancelled' || status === 'failed' ? 'bad' : 'warn';
  return <span className={`badge ${tone}`}>{status}</span>;
}
