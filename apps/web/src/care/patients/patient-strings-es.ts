import type { PatientStrings } from './patient-strings';

// The patient page's second-round words in Spanish (issue 41): the English table's shape.

export const patientEs: PatientStrings = {
  declineTitle: 'Rechazar el pedido al por mayor',
  declineReason: 'Motivo (se le dice al paciente)',
  declineHelp: 'Explica el motivo en una frase con la que el paciente pueda actuar.',
  declineRequired: 'Di por qué se rechaza el pedido.',
  declineSubmit: 'Rechazar pedido',
  declined: 'Pedido rechazado. Se ha avisado al paciente.',
  approved: 'Pedido aprobado. Se ha pedido al paciente que pague.',
  declineLabel: (vials: string, day: string) => `Rechazar el pedido de ${vials} viales del ${day}`,
  approveLabel: (vials: string, day: string) => `Aprobar el pedido de ${vials} viales del ${day}`,
  noTemplate: 'Sin plantilla: escribirlo yo',
  templatesLoading: 'Cargando plantillas…',
  templatesFailed: 'No se pudieron cargar las plantillas; aún puedes escribir el mensaje.',
  templateHelp: 'Elegir una plantilla rellena el mensaje; edítalo antes de enviarlo.',
  invoicePdf: 'PDF',
  invoicePdfLabel: (number: string) => `Descargar la factura ${number} en PDF`,
  invoicePdfFailed: 'No se pudo crear el enlace de la factura. Inténtalo de nuevo.',
};
