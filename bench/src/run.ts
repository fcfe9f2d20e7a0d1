console.log('bench: scenarios are added by the bench work');
