// The demo utility's Electronic Payment Agreement in the portal's other languages (the English
// original is ELECTRONIC_PAYMENT_AGREEMENT in demo-tenant.ts); shown in the service request flow.
export const ELECTRONIC_PAYMENT_AGREEMENT_TRANSLATIONS = {
  es: [
    'Acuerdo de Pago Electrónico',
    'Al enviar este acuerdo, usted autoriza a Riverbend Utilities ("nosotros") a cargar en la cuenta bancaria o en la tarjeta que indique los importes que usted apruebe, incluidos los importes recurrentes de AutoPay en cada fecha de vencimiento de factura.',
    'Los pagos con tarjeta tienen un cargo por servicio del 2,5 % del importe pagado; los pagos bancarios ACH tienen un cargo de 0,75 $ por pago. El cargo se muestra antes de confirmar y no es reembolsable.',
    'Un pago enviado antes de las 20:00 (hora central) de un día hábil se abona ese mismo día. Un pago devuelto por su banco puede generar un cargo por pago devuelto y su cuenta puede pasar a aceptar solo pagos en efectivo.',
    'Puede cancelar AutoPay o cambiar el método de pago en cualquier momento en el portal; los cambios hechos menos de tres días hábiles antes de un vencimiento pueden aplicarse a partir de la siguiente factura.',
    'El pago con cheque requiere una aplicación manual, ya que las aplicaciones electrónicas no aceptan cheques.',
  ].join('\n\n'),
  ta: [
    'மின்னணு கட்டண ஒப்பந்தம்',
    'இந்த ஒப்பந்தத்தைச் சமர்ப்பிப்பதன் மூலம், நீங்கள் அங்கீகரிக்கும் தொகைகளை — ஒவ்வொரு பில் செலுத்த வேண்டிய தேதியிலும் தொடர்ந்து வரும் AutoPay தொகைகள் உட்பட — நீங்கள் தரும் வங்கிக் கணக்கிலிருந்து பற்று வைக்க அல்லது அட்டையில் வசூலிக்க Riverbend Utilities ("நாங்கள்") நிறுவனத்துக்கு அனுமதி அளிக்கிறீர்கள்.',
    'அட்டை மூலம் செலுத்தும் தொகைக்கு 2.5% வசதிக் கட்டணம் உண்டு; ACH வங்கிப் பரிவர்த்தனைக்கு ஒவ்வொன்றுக்கும் $0.75 கட்டணம் உண்டு. நீங்கள் உறுதிசெய்யும் முன் கட்டணம் காட்டப்படும்; அது திருப்பித் தரப்படாது.',
    'வேலை நாளில் மத்திய நேரம் இரவு 8:00 மணிக்கு முன் செலுத்தப்படும் தொகை அதே நாளில் வரவு வைக்கப்படும். உங்கள் வங்கி திருப்பி அனுப்பும் கட்டணத்துக்குத் திருப்பிய கட்டணக் கட்டணம் விதிக்கப்படலாம்; உங்கள் கணக்கு ரொக்கம் மட்டும் என்ற நிலைக்கு மாற்றப்படலாம்.',
    'AutoPay-ஐ ரத்து செய்யவோ கட்டண முறையை மாற்றவோ போர்ட்டலில் எப்போது வேண்டுமானாலும் முடியும்; செலுத்த வேண்டிய தேதிக்கு மூன்று வேலை நாட்களுக்குள் செய்யப்படும் மாற்றங்கள் அடுத்த பில்லிலிருந்து நடைமுறைக்கு வரலாம்.',
    'காசோலை மூலம் செலுத்த கைமுறைப் பதிவு தேவை; மின்னணு முறைகள் காசோலைகளை ஏற்பதில்லை.',
  ].join('\n\n'),
  de: [
    'Vereinbarung über elektronische Zahlungen',
    'Mit dem Absenden dieser Vereinbarung ermächtigen Sie Riverbend Utilities („wir“), die von Ihnen freigegebenen Beträge von dem angegebenen Bankkonto einzuziehen oder der angegebenen Karte zu belasten, einschließlich wiederkehrender AutoPay-Beträge zu jedem Fälligkeitstermin einer Rechnung.',
    'Kartenzahlungen kosten eine Servicegebühr von 2,5 % des gezahlten Betrags; ACH-Bankzahlungen kosten 0,75 $ je Zahlung. Die Gebühr wird vor Ihrer Bestätigung angezeigt und nicht erstattet.',
    'Eine Zahlung, die an einem Werktag bis 20:00 Uhr Central Time eingeht, wird noch am selben Tag gutgeschrieben. Für eine von Ihrer Bank zurückgegebene Zahlung kann eine Rücklastschriftgebühr anfallen, und Ihr Konto kann auf reine Barzahlung umgestellt werden.',
    'Sie können AutoPay jederzeit im Portal beenden oder die Zahlungsart ändern; Änderungen weniger als drei Werktage vor einem Fälligkeitstermin können erst mit der nächsten Rechnung wirksam werden.',
    'Zahlungen per Scheck erfordern eine manuelle Verbuchung, da elektronische Verfahren keine Schecks annehmen.',
  ].join('\n\n'),
} as const;
