export const auditLog = { name: 'audit_log' };
