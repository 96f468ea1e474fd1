import { INTAKE_REDIRECT_DELAY_MS, INTAKE_REQUIREMENT_TYPES } from '@portal/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { FullPageLoader } from '../../components/full-page-loader';
import { useAppointments } from '../../lib/appointments/use-appointments';

// Spec 01 §3: INTAKE_REQUIREMENT_TYPES mean an intake form is still needed.
const isIntakeType = (type: string) =>
  (INTAKE_REQUIREMENT_TYPES as readonly string[]).includes(type);

/**
 * /intake (spec 01 §2, §5): goes to the intake link of the customer's needed requirements;
 * with none, after 5 seconds an info message shows and the customer goes home.
 */
export function IntakeScreen() {
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const appointments = useAppointments();

  const settled = appointments.isSuccess || appointments.isError;
  const link = appointments.data
    ? [...appointments.data.upcoming, ...appointments.data.async]
        .flatMap((a) => a.raw.appointment_requirements)
        .filter((r) => !r.completed && isIntakeType(r.requirement_type) && r.link)
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0]?.link
    : undefined;

  useEffect(() => {
    if (!settled) return;
    if (link) {
      if (/^https?:\/\//.test(link)) window.location.assign(link);
      else void navigate(link, { replace: true });
      return;
    }
    const timer = setTimeout(() => {
      showAlert({ messageKey: 'intake.none', severity: 'info' });
      void navigate('/', { replace: true });
    }, INTAKE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [settled, link, navigate, showAlert]);

  return <FullPageLoader />;
}
