package exchange.fit24.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
