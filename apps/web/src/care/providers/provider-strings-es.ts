import type { ProviderStrings, Weekdays } from './provider-strings';

// The providers' hours pages in Spanish (issue 41): the English tables' shape, checked by tsc.

export const WEEKDAYS_ES: Weekdays = [
  'Domingo',
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
];

export const providerEs: ProviderStrings = {
  title: 'Proveedores',
  intro:
    'Horario semanal y ausencias. Los pacientes solo pueden reservar dentro del horario y fuera de las ausencias.',
  tableLabel: 'Proveedores y sus horarios',
  columns: {
    name: 'Proveedor',
    zone: 'Zona horaria',
    hours: 'Horario semanal',
    nextOff: 'Próxima ausencia',
  },
  noHours: 'Sin horario',
  and: ' y ',
  nextOffLabel: (when: string) => `Próxima ausencia: ${when}`,
  none: 'Ninguna',
  empty: 'Todavía no hay proveedores.',
  back: 'Todos los proveedores',
  readOnly: 'Solo un administrador puede cambiar horarios y ausencias.',
  zoneNote: (zone: string) => `Las horas están en la zona horaria del proveedor, ${zone}.`,
  hours: {
    title: 'Horario semanal',
    closed: 'No trabaja',
    add: (day: string) => `Añadir horas el ${day.toLowerCase()}`,
    remove: (day: string, from: string, to: string) =>
      `Quitar ${day.toLowerCase()} de ${from} a ${to}`,
    from: (day: string) => `${day}, desde`,
    to: (day: string) => `${day}, hasta`,
    save: 'Guardar horario',
    saved: 'Horario guardado. Las reservas ya lo siguen.',
  },
  timeOff: {
    title: 'Ausencias',
    empty: 'No hay ausencias previstas.',
    from: 'Desde',
    to: 'Hasta',
    reason: 'Motivo (opcional)',
    reasonColumn: 'Motivo',
    add: 'Añadir ausencia',
    added: 'Ausencia añadida. Esas horas ya no se pueden reservar.',
    remove: 'Quitar',
    removeNamed: (from: string) => `Quitar la ausencia desde ${from}`,
    removed: 'Ausencia quitada.',
    tableLabel: 'Ausencias previstas',
    invalid: 'Indica un inicio y un final, el final después del inicio.',
  },
  strand: {
    title: 'Hay visitas reservadas fuera',
    intro:
      'Estas visitas están reservadas en horas que este cambio quita. Siguen reservadas: cámbialas de fecha con los pacientes.',
    confirm: 'Guardar igualmente',
    cancel: 'Cancelar',
  },
};
