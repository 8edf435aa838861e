import type { Translation } from '../../translation.ts';
import type en from '../en/reserves.ts';

/** Spanish strings of the proof-of-reserves screen: the same keys as English, checked by the compiler. */
const es: Translation<typeof en> = {
  title: 'Prueba de reservas',
  lead: 'Comprueba por ti mismo que tu saldo está contado y que FIT24 tiene al menos lo que debe a sus usuarios.',
  loading: 'Cargando la prueba de reservas',
  loadError: 'No se pudo cargar la prueba de reservas',
  empty: {
    title: 'Aún no hay ninguna instantánea publicada',
    text: 'Cuando se tome la primera instantánea de todos los saldos, podrás comprobar el tuyo aquí.',
  },
  snapshot: {
    choose: 'Instantánea',
    option: 'n.º {{id}} · {{date}}',
    optionLatest: 'n.º {{id}} · {{date}} · la última',
    takenAt: 'Tomada el {{date}}',
    accounts_one: '{{count}} cuenta',
    accounts_other: '{{count}} cuentas',
    ledgerPoint: 'Asiento contable {{point}}',
  },
  verdict: {
    checking: 'Comprobando tu prueba en este navegador…',
    included: 'Tus saldos están incluidos en la instantánea n.º {{id}}',
    includedNote: 'Verificado en este navegador: tu prueba lleva a la raíz que FIT24 publicó.',
    failed: 'Tu prueba no se ha podido verificar',
    absent: 'No tenías saldo en la instantánea n.º {{id}}',
    absentNote:
      'Las cuentas vacías no entran en el árbol. Tras tu próximo depósito, comprueba la siguiente instantánea.',
    proofError: 'No se pudo cargar tu prueba',
  },
  reasons: {
    malformed: 'El archivo de prueba está incompleto o dañado.',
    negative: 'La prueba contiene un importe negativo, que ningún árbol válido puede contener.',
    snapshotMismatch: 'La prueba pertenece a otra instantánea.',
    pathMismatch: 'El camino no lleva de tu hoja a la raíz.',
    rootMismatch: 'La prueba no lleva a la raíz publicada.',
    sumsMismatch: 'Los totales publicados difieren de los totales que fija la raíz.',
  },
  balances: {
    title: 'Tus saldos en la instantánea',
    note: 'Disponible, retenido, en órdenes, en staking y en tu monedero de afiliado, todo junto.',
  },
  steps: {
    title: 'Lo que ha comprobado este navegador',
    leaf: 'El hash de tu hoja, calculado a partir de tu id de cuenta, la sal y tus saldos',
    path_one: '{{count}} paso calculado desde tu hoja hasta la raíz',
    path_other: '{{count}} pasos calculados desde tu hoja hasta la raíz',
    pathPending: 'El camino desde tu hoja hasta la raíz',
    root: 'La raíz coincide con la raíz publicada',
    leafBad: 'No se pudo leer tu hoja en la prueba',
    pathBad: 'El camino no lleva de tu hoja a la raíz',
    rootBad: 'La raíz no coincide con la raíz publicada',
    totals: 'Los pasivos publicados son iguales a los totales de la raíz',
    totalsBad: 'Los pasivos publicados difieren de los totales de la raíz',
    signatures: '{{verified}} de {{total}} firmas de direcciones verificadas',
    noSignatures:
      'Ninguna dirección que verificar: ningún activo de esta instantánea está en una cadena pública',
    rootHash: 'Raíz publicada',
  },
  assets: {
    title: 'Reservas por activo',
    explain:
      'El ratio de reservas es lo que el exchange tiene en la cadena dividido entre lo que debe a los usuarios. Al 100 % o más, cada unidad debida está en direcciones que firmaron para esta instantánea.',
    liabilities: 'Debido a usuarios',
    reserves: 'En la cadena',
    ratio: 'Ratio de reservas',
    percent: '{{value}} %',
    notCounted: 'No contado',
    status: {
      backed: 'Respaldo completo',
      short: 'Respaldo insuficiente',
      notProvable: 'No demostrable en devnet',
      nothingOwed: 'Nada adeudado',
      unsigned: 'Firma no válida',
    },
    notProvableNote:
      'Este activo funciona en la red de desarrollo del exchange, no en una cadena pública: no hay dirección que demostrar, así que no se cuenta como reserva.',
    block: '{{network}} (cadena {{chainId}}) · bloque {{block}}',
    addresses_one: '{{count}} dirección',
    addresses_other: '{{count}} direcciones',
    kind: {
      hot: 'Monedero en caliente',
      deposit: 'Dirección de depósito',
    },
    signatureOk: 'Firma verificada',
    signatureBad: 'Firma no válida',
    copy: 'Copiar la dirección {{address}}',
    copied: 'Dirección copiada',
    copyFailed: 'No se pudo copiar la dirección',
    showAll: 'Mostrar las {{count}} direcciones',
  },
  download: {
    button: 'Descargar archivo de prueba',
    done: 'Archivo de prueba guardado',
  },
  yourself: {
    title: 'Verifícalo tú mismo',
    text: 'No tienes que fiarte de esta página. Descarga tu archivo de prueba y ejecuta el verificador de código abierto del repositorio de FIT24:',
    copy: 'Copiar el comando',
    copied: 'Comando copiado',
    copyFailed: 'No se pudo copiar el comando',
  },
};

export default es;
