/** Cadenas en español de la pantalla de claves API personales (mismas claves que el inglés). */
export default {
  title: 'Claves API',
  lead: 'Las claves personales permiten que tus propios programas y bots de trading lean tu cuenta y operen por ti, sin tu contraseña. Cada petición se firma con el secreto de la clave.',
  docs: 'Leer la documentación de la API',
  loading: 'Cargando tus claves API',
  loadError: 'No se pudieron cargar tus claves API',
  empty: {
    title: 'Aún no tienes claves API',
    text: 'Crea una clave para un bot o un script: elige qué puede hacer, desde dónde puede conectarse y cuándo deja de funcionar. Puedes revocarla cuando quieras.',
  },
  create: {
    open: 'Crear clave API',
    title: 'Nueva clave API',
    label: 'Etiqueta',
    labelPlaceholder: 'Bot de rejilla en mi servidor',
    labelHelper: 'Un nombre para reconocer la clave, de hasta 60 caracteres.',
    scopes: 'Permisos',
    scopesError: 'Elige al menos un permiso.',
    ipAllowlist: 'Lista de IP permitidas (opcional)',
    ipPlaceholder: '203.0.113.7\n198.51.100.0/24',
    ipHelper:
      'Direcciones o rangos CIDR, separados por comas o saltos de línea. Déjala vacía para permitir cualquier dirección.',
    ipInvalid_one: 'No es una dirección IP ni un rango CIDR: {{entries}}',
    ipInvalid_other: 'No son direcciones IP ni rangos CIDR: {{entries}}',
    ipTooMany: 'Como máximo {{max}} entradas.',
    expiry: 'Caduca',
    expiryOptions: {
      d30: 'En 30 días',
      d90: 'En 90 días',
      d365: 'En 1 año',
      never: 'Nunca',
    },
    neverWarning: 'Una clave que nunca caduca sigue funcionando hasta que la revoques.',
    submit: 'Crear clave',
    cancel: 'Cancelar',
    created: 'Clave API creada',
  },
  scopes: {
    read: { name: 'Lectura', hint: 'Saldos, órdenes, operaciones e historial.' },
    trade: { name: 'Operar', hint: 'Colocar y cancelar órdenes.' },
    withdraw: { name: 'Retirar', hint: 'Enviar fondos, solo a direcciones de tu libreta.' },
  },
  withdrawWarning:
    'Una clave con este permiso puede sacar dinero de tu cuenta. Sus retiros van solo a direcciones confirmadas de tu libreta (en lista blanca), nunca a una dirección nueva. Añade una lista de IP permitidas y guarda el secreto en un servidor que controles.',
  secret: {
    title: 'Tu nueva clave API',
    warning:
      'Copia el secreto ahora: no volverás a verlo. FIT24 lo guarda sellado y nunca podrá mostrártelo. Si lo pierdes, revoca la clave y crea otra.',
    keyId: 'Clave API',
    secret: 'Secreto',
    copyKey: 'Copiar clave API',
    copySecret: 'Copiar secreto',
    copied: 'Copiado',
    copyRefused: 'El navegador no permitió copiar: selecciona el texto y cópialo a mano.',
    example: 'Firmar una petición',
    exampleLead:
      'Envía tres cabeceras: FIT24-KEY, FIT24-TIMESTAMP (milisegundos) y FIT24-SIGNATURE, el HMAC-SHA256 en hexadecimal de marca de tiempo + método + ruta + cuerpo con el secreto. En Node.js:',
    code: `import { createHmac } from 'node:crypto';

// Firma: marca de tiempo + MÉTODO + ruta + cuerpo
const path = '/api/asset/balances';
const ts = String(Date.now());
const sig = createHmac('sha256', process.env.FIT24_SECRET)
  .update(ts + 'GET' + path)
  .digest('hex');

// Envía la clave, la marca de tiempo y la firma
const res = await fetch('{{baseUrl}}' + path, {
  headers: {
    'FIT24-KEY': '{{keyId}}',
    'FIT24-TIMESTAMP': ts,
    'FIT24-SIGNATURE': sig,
  },
});
console.log(await res.json());`,
    done: 'Ya he guardado el secreto',
  },
  key: {
    scopes: 'Permisos',
    ipAllowlist: 'IP permitidas',
    anyAddress: 'Cualquier dirección',
    expires: 'Caduca',
    expired: 'Caducó',
    never: 'Nunca',
    created: 'Creada',
    lastUsed: 'Último uso',
    notUsed: 'Sin usar todavía',
    revokedAt: 'Revocada',
    revoke: 'Revocar',
  },
  status: {
    ACTIVE: 'Activa',
    EXPIRED: 'Caducada',
    REVOKED: 'Revocada',
  },
  revoke: {
    header: '¿Revocar esta clave API?',
    message:
      '«{{label}}» deja de funcionar al instante: se rechaza a todo programa que la use. No se puede deshacer.',
    confirm: 'Revocar clave',
    cancel: 'Conservarla',
    done: 'Clave API revocada',
  },
  count_one: '{{count}} clave',
  count_other: '{{count}} claves',
};
