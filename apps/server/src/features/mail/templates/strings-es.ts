import type { MailStrings } from './mail-strings.ts';

export const es: MailStrings = {
  greeting: (name) => `Hola, ${name}:`,
  codeLabel: 'Su código de verificación',
  codeExpiry: (minutes) => `El código caduca en ${minutes} minutos y solo puede usarse una vez.`,
  neverShare: 'No comparta nunca este código. Nuestro personal nunca se lo pedirá.',
  notYou: 'Si no lo ha solicitado, puede ignorar este correo; su cuenta no cambia.',
  help: (phone, email) => `¿Preguntas? Llámenos al ${phone} o escriba a ${email}.`,
  signature: (utility) => `Atención al cliente de ${utility}`,
  kinds: {
    signupCode: {
      subject: (utility) => `${utility}: verifique su correo electrónico`,
      intro:
        'Gracias por registrarse. Introduzca este código para verificar su dirección de correo electrónico.',
    },
    tfaCode: {
      subject: (utility) => `${utility}: su código de inicio de sesión`,
      intro:
        'Alguien inició sesión en su cuenta con su contraseña. Introduzca este código para completar el inicio de sesión.',
    },
    forgotPasswordCode: {
      subject: (utility) => `${utility}: restablezca su contraseña`,
      intro:
        'Hemos recibido una solicitud para restablecer su contraseña. Introduzca este código para elegir una nueva.',
    },
    forgotUsername: {
      subject: (utility) => `${utility}: su nombre de usuario`,
      intro: 'Ha solicitado el nombre de usuario registrado con esta dirección de correo electrónico:',
    },
    forgotAccountNumber: {
      subject: (utility) => `${utility}: su número de cuenta`,
      intro: 'Ha solicitado el número de cuenta registrado con esta dirección de correo electrónico:',
    },
    passwordChanged: {
      subject: (utility) => `${utility}: se ha cambiado su contraseña`,
      intro:
        'La contraseña de su cuenta acaba de cambiarse y se han cerrado todas las demás sesiones. Si no ha sido usted, restablezca su contraseña ahora y contáctenos.',
    },
  },
};
