import { useState } from 'react';
import type { Booking } from '@humantime/contract';
import { api, call } from '../api/client.js';
import { useAction } from '../api/use-action.js';
import { formatDateTime } from '../lib/format.js';
import { ConfirmDialog } from './confirm-dialog.js';

/** "Cancel" with a confirmation; reports the cancelled booking back to the page. */
export function CancelBookingButton({ booking, onCancelled }: { booking: Booking; onCancelled: (b: Booking) => void }) {
  const [open, setOpen] = useState(false);
  const cancel = useAction(async () => {
    onCancelled(await call(api.bookings.cancel({ params: { booking_id: booking.id } }), 200));
    setOpen(false);
  });
  if (booking.status !== 'confirmed') return null;
  return (
    <>
      <button
        type="button"
        className="ghost-danger"
        onClick={() => (cancel.clearError(), setOpen(true))}
        aria-label={`Cancel the booking with ${booking.attendee_name}`}
      >
        Cancel
      </button>
      <ConfirmDialog
        open={open}
        title="Cancel this booking?"
        confirmLabel="Cancel booking"
        cancelLabel="Keep booking"
        busy={cancel.busy}
        error={cancel.error}
        onConfirm={() => void cancel.run()}
        onCancel={() => setOpen(false)}
      >
        <p>
          {booking.attendee_name} on {formatDateTime(booking.starts_at)}. The time becomes free again and your webhooks receive
          booking.cancelled. The month's usage is not refunded.
        </p>
      </ConfirmDialog>
    </>
  );
}
