// The staff route group (/staff/*, issue 10): one lazily loaded chunk for the queue, an item and the
// customer look-up, so the customer pages' downloads do not grow with it.
import { Navigate, Route, Routes } from 'react-router';
import { StaffCustomerPage } from './staff-customer-page.tsx';
import { StaffItemPage } from './staff-item-page.tsx';
import { StaffQueuePage } from './staff-queue-page.tsx';

export function StaffPage() {
  return (
    <Routes>
      <Route index element={<StaffQueuePage />} />
      <Route path="requests/:kind/:id" element={<StaffItemPage />} />
      <Route path="customers/:accountNumber" element={<StaffCustomerPage />} />
      <Route path="*" element={<Navigate to="/staff" replace />} />
    </Routes>
  );
}

export default StaffPage;
